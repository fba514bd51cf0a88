// Spatial navigation (decision 0049): arrows, Enter and Back on every screen.
export type { Box, Direction } from './geometry';
export { pickNext } from './geometry';
export {
  CLOSABLE_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  ROW_ATTRIBUTE,
  SCROLLER_ATTRIBUTE,
  SKIP_ATTRIBUTE,
  TV_SCOPE_ATTRIBUTE,
  findNext,
  focusElement,
} from './navigator';
export { goBack, installSpatialNavigation, moveFocusFrom, pageChanged, somethingOpen } from './controller';
export { isBackKey } from './keys';
export { isTextField } from './fields';
