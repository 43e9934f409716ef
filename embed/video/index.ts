// The lazily loaded chunk of the video chat (see VideoChatModule in contract.ts): what the viewer and tests import.
export { UNSUPPORTED_BROWSER } from './Lobby';
export { VideoChat } from './VideoChat';
