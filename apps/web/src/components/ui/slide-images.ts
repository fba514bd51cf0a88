import { createContext, useContext } from 'react';

// Whether a carousel slide's pictures may be fetched (decision 0095). A row
// fetches the pictures of the cards in view (the peek included) once the row
// is near the screen; the rest of the row once the viewer moves it (a swipe,
// the buttons, the focus). On a slow link the browser's own lazy loading
// fetches pictures thousands of pixels away (a whole page of rows, every card
// of a row), which on a phone's first visit is most of its bytes.
// Outside a carousel a picture is always wanted.

export const SlideImagesContext = createContext(true);

/** False while the slide around this card is neither in view nor about to be. */
export function useSlideImagesWanted(): boolean {
  return useContext(SlideImagesContext);
}

/**
 * True around the rows on a page's first screen (home's first row): their
 * cards in view have their pictures in the server's HTML. Any other row
 * gets them once it comes near the screen, which only the browser can tell
 * (decision 0108).
 */
export const RowOnFirstScreenContext = createContext(false);
