/**
 * The viewer's panorama as other parts of the project may use it: the editor shows scenes with the very
 * component, hotspot faces, tap rules and styles the viewer uses, so the owner sees what visitors will see.
 * Everything else under embed/ is the viewer's own and may move without notice.
 */
export { onActivate, TAP_SLOP_PX } from './activate';
export { hotspotPicture, renderSceneHotspot } from './hotspot-element';
export { pictureUrl } from './picture-types';
export { Panorama, type PanoramaHandle, type PanoramaProps } from './Panorama';
export { sceneHotspots } from './scene-config';
export { inEnglish, spotLabels } from './spot-labels';
export { adoptViewerStyles } from '../styles';
