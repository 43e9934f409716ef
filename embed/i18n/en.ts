import type { EN_PARTS } from './en-parts';

/**
 * The viewer's texts in English, SPEC.md's words exactly. The texts of the first view are in the initial script
 * (English needs no extra request); the texts only the parts loaded later show (dialogs, video chat, floor plans,
 * VR) come with those parts (./en-parts) and join this catalog when they are imported. Both lists together are the
 * keys every other catalog must translate, no more and no fewer.
 * `{name}` marks a value put in at run time (an owner's title, a count): it is inserted as text, never as markup.
 */
const EN_FIRST_VIEW = {
  loadingTour: 'Loading tour…',
  panoramaLabel: '{title}: 360° panorama',
  guidanceTouch: 'Tap the phone to explore',
  guidanceDrag: 'Click and drag to look around',
  showScenes: 'Show scenes',
  hideScenes: 'Hide scenes',
  tourControls: 'Tour controls',
  showControls: 'Show controls',
  hideControls: 'Hide controls',
  playAmbience: 'Play ambient sound',
  muteAmbience: 'Mute ambient sound',
  share: 'Share',
  fullscreen: 'Fullscreen',
  toggleMotion: 'Toggle motion control',
  virtualReality: 'Virtual reality',
  exitVirtualReality: 'Exit virtual reality',
  videoChat: 'Video chat',
  closeVideoChat: 'Close video chat',
  requestInformation: 'Request information',
  floorPlans: 'Floor plans',
  requestShowing: 'Request a showing',
  previousScene: 'Previous scene',
  nextScene: 'Next scene',
  sceneFailedTitled: '“{title}” could not be loaded',
  sceneFailedUntitled: 'This scene could not be loaded',
  sceneFailedOffline: 'You are offline. {what}.',
  sceneFailedNetwork: '{what}: the connection failed.',
  sceneFailedOther: '{what}.',
  sceneKept: 'You are still in “{title}”.',
  backOnline: 'You are back online.',
  retry: 'Retry',
  logIn: 'Log in',
  openTourPageToLogIn: 'Open the tour’s own page to log in',
  goHome: 'Go to the home page',
  listingModeRefused: 'This tour cannot be shown in listing-compliant mode: only paid tours or tours of Pro Plus members are allowed.',
  moreInformation: 'More information',
  goTo: 'Go to {place}',
  logo: 'Logo',
  placesFrom: 'Places to go from {place}',
  thisScene: 'this scene',
  scenes: 'Scenes',
  scrollScenesBack: 'Scroll scenes back',
  scrollScenesForward: 'Scroll scenes forward',
  scene: 'Scene',
  loadingPanorama: 'Loading the panorama',
  madeWithBrand: 'Made with Tour Platform',
  nextScenePlace: 'next scene',
  infospotInformation: 'Information',
  infospotPicture: 'Picture',
  infospotLink: 'Open link',
  descriptionMore: 'more',
  descriptionLess: 'less',
  'error.TourNotFound': 'Error: This does not appear to be a valid tour. Please check the URL and try again.',
  'error.TourPrivate': 'This is a private tour. Please login to view.',
  'error.NetworkError': 'The tour could not be reached. Check your connection.',
  'error.SceneLoadFailed': 'This scene could not be loaded.',
  'error.RenderFailed': 'Something went wrong while showing this tour. Reload the page to try again.',
  'error.StylesFailed': 'This browser cannot show the tour. Please try a current version of Chrome, Edge, Firefox or Safari.',
} as const;

export type MessageKey = keyof typeof EN_FIRST_VIEW | keyof typeof EN_PARTS;
/** A translation: every English key, each with its text. */
export type Catalog = { readonly [key in MessageKey]: string };

/** The English catalog; a part's texts are in it once that part's module (which imports ./en-parts) is loaded. */
export const EN = EN_FIRST_VIEW as Catalog;
