/**
 * What the owners' app shares with the viewer besides the panorama: the interface icons and the share dialogs'
 * logic (each app keeps its own dialog, in its own words). Everything else under embed/ is the viewer's own.
 */
export { Icon, type IconName } from './Icon';
export { COPIED_SHOWN_MS, createCopier, tourShareLinks } from './share-dialog';
