/** Video constants. */
export const ROOM_LIFETIME_MS = 30 * 60 * 1000;
export const CONTINUE_CHAT_COUNTDOWN_S = 15;
export const MAX_MISSED_HEARTBEATS = 3;
export const REQUESTED_HEARTBEAT_TIMEOUT_MS = 5000;
/** Heartbeats go out this long before the negotiated timeout runs out. */
export const HEARTBEAT_MARGIN_MS = 200;
/** Browser-to-browser video sends every stream to every participant: more than this and phones give up. */
export const MESH_ROOM_CAP = 6;

/** Video error codes used by the control plane. */
export const VIDEO_ERRORS = {
  20101: 'Invalid Access Token',
  20102: 'Invalid Access Token header',
  20103: 'Invalid Access Token issuer/subject',
  20104: 'Access Token expired or expiration date invalid',
  20105: 'Access Token not yet valid',
  20106: 'Invalid Access Token grants',
  20107: 'Invalid Access Token signature',
  53003: 'Client received an invalid signaling message',
  53004: 'Client sent an invalid signaling message',
  53006: 'Video server is busy',
  53100: 'Room name is invalid',
  53101: 'Room name is too long',
  53102: 'Room name contains invalid characters',
  53105: 'Room contains too many Participants',
  53106: 'Room not found',
  53118: 'Room completed',
  53200: 'Participant identity is invalid',
  53201: 'Participant identity is too long',
  53202: 'Participant identity contains invalid characters',
  53205: 'Participant disconnected because of duplicate identity',
} as const;
export type VideoErrorCode = keyof typeof VIDEO_ERRORS;

/** The part of an identity shown as a name: before '::' (the rest keeps identities unique). */
export function displayName(identity: string): string {
  return identity.split('::')[0];
}

/** Room messages (JSON with type and data), plus `signal` for the mesh provider's SDP/ICE relay. */
export type RoomMessage =
  | { type: 'host'; data: { hostSid: string } }
  | { type: 'host_reset'; data: { senderSid: string } }
  | { type: 'host_request_changing'; data: { senderSid: string } }
  | { type: 'room_life_time_request'; data: { senderSid: string } }
  | { type: 'scene'; data: { senderSid: string; sceneId: string; coords: { x: number; y: number; z: number }; fov: number } }
  | { type: 'infospot'; data: { senderSid: string; infospotId: string | null } }
  | { type: 'signal'; data: { senderSid: string; to: string; payload: unknown } };

export interface RoomParticipant {
  sid: string;
  identity: string;
}

/** What the control plane sends (signalling model). */
export type ServerFrame =
  | { type: 'welcome'; negotiatedTimeout: number; participant: RoomParticipant; participants: RoomParticipant[]; hostSid: string | null; room: string }
  | { type: 'heartbeat' }
  | { type: 'msg'; body: RoomMessage }
  | { type: 'joined'; participant: RoomParticipant }
  | { type: 'left'; participant: RoomParticipant }
  | { type: 'busy'; retryAfter: number }
  | { type: 'bad'; reason: string; code?: VideoErrorCode }
  | { type: 'error'; code: VideoErrorCode; message: string }
  | { type: 'bye' };

/** What clients send. */
export type ClientFrame =
  | {
      type: 'hello';
      version: 2;
      id: string;
      timeout?: number;
      /** The control-plane token from POST /api/mesh/video-token. */
      token: string;
      /** The signed-in user's token, as sent in `Authorization` elsewhere: lets the owner into a private tour's room. */
      auth?: string;
      /** The token given when a password tour's password was accepted. */
      tourAccessToken?: string;
    }
  | { type: 'heartbeat' }
  | { type: 'msg'; body: RoomMessage }
  | { type: 'bye' };
