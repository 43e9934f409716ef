import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { AssetUpload } from '../../../api/schema/media';
import type { User } from '../../../api/schema/user';
import { TextField } from '../../components/TextField';
import { PictureChooser } from '../../components/PictureChooser';
import { api } from '../../lib/api-client';
import { session, setUser } from '../../lib/session';
import { useForm } from '../../lib/use-form';

/** The owner's name and picture, saved to their account (and to the user the admin keeps). */
export function ProfileSection({ name: savedName, picture }: { name: string; picture: string }) {
  const [uploading, setUploading] = useState(false);
  const { values, field, alert, attempt } = useForm({ name: savedName });

  async function save(changes: { name?: string; picture?: string }) {
    const user = await api<User>('POST', `/users/${session.user!.id}`, changes);
    setUser({ ...user, token: session.user!.token });
  }

  function saveName(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      await save(values);
      toast.success('Your name is saved.');
    });
  }

  function choosePicture(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const form = new FormData();
    form.set('file', file);
    void attempt(async () => {
      const uploaded = await api<AssetUpload>('POST', '/assets/upload', form);
      await save({ picture: uploaded.thumbUrl || uploaded.url });
      toast.success('Your picture is saved.');
    }).finally(() => setUploading(false));
  }

  const shown = session.user?.picture ?? picture;
  return (
    <section className="ad-card ad-account-section" aria-labelledby="ad-profile-heading">
      <h2 id="ad-profile-heading">Profile</h2>
      <form onSubmit={saveName} noValidate aria-label="Name">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <button type="submit" className="ad-button">
          Save name
        </button>
      </form>
      <PictureChooser src={shown} what="picture" size={64} busy={uploading} onFile={choosePicture} />
      {alert}
    </section>
  );
}
