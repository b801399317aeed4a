/**
 * The longest edge, in pixels, of a photo the app produces (issue 13 normalises uploads to it): a
 * marked-up copy is capped the same way so it matches the photos next to it.
 */
export const PHOTO_MAX_LONG_EDGE = 2560;
