// Checks that CJK text really renders instead of .notdef boxes ("tofu"). Each character is drawn on a
// canvas with the font of a page element; a missing glyph draws the same box as U+E000 (private use,
// in no font we ship), so real glyphs must differ from it and from each other.
import type { Page } from 'playwright-core';

export interface GlyphReport {
  font: string;
  /** Painted pixels per character, in the order given. */
  ink: number[];
  /** For each pair of characters, whether their pixels differ: [0-1, 0-2, 1-2, …]. */
  pairsDiffer: boolean[];
}

export async function drawGlyphs(page: Page, testId: string, characters: string[]): Promise<GlyphReport> {
  return page.evaluate(
    async ([id, chars]) => {
      await document.fonts.ready;
      const element = document.querySelector(`[data-testid="${id}"]`);
      if (!element) throw new Error(`no element ${id}`);
      const style = getComputedStyle(element);
      const font = `${style.fontWeight} 48px ${style.fontFamily}`;
      const pixels = chars.map((character) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.font = font;
        context.fillStyle = '#000';
        context.textBaseline = 'top';
        context.fillText(character, 8, 8);
        return context.getImageData(0, 0, 64, 64).data;
      });
      const ink = pixels.map((data) => data.filter((value, index) => index % 4 === 3 && value > 0).length);
      const pairsDiffer: boolean[] = [];
      for (let a = 0; a < pixels.length; a += 1) {
        for (let b = a + 1; b < pixels.length; b += 1) {
          const first = pixels[a];
          const second = pixels[b];
          pairsDiffer.push(!!first && !!second && first.some((value, index) => value !== second[index]));
        }
      }
      return { font, ink, pairsDiffer };
    },
    [testId, characters] as const,
  );
}
