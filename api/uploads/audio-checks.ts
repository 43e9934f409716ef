import { fileTypeFromFile } from 'file-type';
import { ApiError } from '../http/errors';

export const MAX_AUDIO_BYTES = 20 * 1024 * 1024;
const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', m4a: 'audio/mp4', mp4: 'audio/mp4' };

/** MP3, Ogg or M4A, recognised from the file's bytes; answers the extension to store it under. */
export async function checkAudio(path: string): Promise<string> {
  const type = await fileTypeFromFile(path);
  const known = type && AUDIO_TYPES[type.ext] ? type.ext : undefined;
  if (!known) throw new ApiError(415, 'UnsupportedMediaType', 'Ambience sound must be an MP3, Ogg or M4A file.');
  return known === 'oga' || known === 'opus' ? 'ogg' : known === 'mp4' ? 'm4a' : known;
}
