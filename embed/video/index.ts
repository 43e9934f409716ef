// The lazily loaded chunk of the video chat (see VideoChatModule in contract.ts): what the viewer and tests import.
export { UNSUPPORTED_BROWSER } from './Lobby';
export { CAMERA_ERROR } from './use-room-session';
export { VideoChat } from './VideoChat';
