import { useState, type DragEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';

/** The picture types the server stores (as the file inputs' accept lists say). */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface FileDropZoneProps {
  label: string;
  className: string;
  onPictures: (files: File[]) => void;
  children: ReactNode;
}

/** A section that takes pictures dropped from the desktop, outlined while files are held over it. */
export function FileDropZone({ label, className, onPictures, children }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  // Inside a disabled fieldset (a read-only editor) the zone takes nothing, as the file inputs beside it don't.
  const carriesFiles = (event: DragEvent<HTMLElement>) => event.dataTransfer.types.includes('Files') && !event.currentTarget.closest('fieldset:disabled');
  return (
    <section
      aria-label={label}
      className={`${className}${over ? ' ad-drop--over' : ''}`}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setOver(false)}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const pictures = [...event.dataTransfer.files].filter((file) => PICTURE_TYPES.includes(file.type));
        if (pictures.length > 0) onPictures(pictures);
        else toast.error('Only JPEG, PNG and WebP pictures can be added.');
      }}
    >
      {children}
    </section>
  );
}
