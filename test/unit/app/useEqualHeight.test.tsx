import { render } from '@testing-library/react';
import { useRef } from 'react';
import { equalizeHeights, useEqualHeight } from '../../../src/components/useEqualHeight';

/** jsdom has no layout: each element's box comes from its data-w / data-h attributes. */
beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = Number(this.dataset.w ?? 0);
    const height = Number(this.dataset.h ?? 0);
    return { width, height, top: 0, left: 0, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => jest.restoreAllMocks());

function grid(names: number[], { width = 900, cell = 300 } = {}) {
  const container = document.createElement('div');
  container.dataset.w = String(width);
  container.innerHTML = names
    .map((height, index) => `<article data-w="${cell}"><h3 class="name" data-h="${height}">n${index}</h3><p class="meta" data-h="${10 + index}">m</p></article>`)
    .join('');
  document.body.append(container);
  const heights = (selector: string) => Array.from(container.querySelectorAll<HTMLElement>(selector)).map((element) => element.style.minHeight);
  return { container, heights };
}

describe('equalizeHeights', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('gives each row\u2019s names the tallest one\u2019s height (3 a row: 900 / 300)', () => {
    const { container, heights } = grid([20, 40, 20, 60, 20, 20, 20]);
    expect(equalizeHeights(container, '.name')).toBe(true);
    expect(heights('.name')).toEqual(['40px', '40px', '40px', '60px', '60px', '60px', '20px']);
    expect(heights('.meta')).toEqual(['', '', '', '', '', '', '']);
  });

  it('takes a list of selectors, each matched row by row', () => {
    const { container, heights } = grid([20, 40, 20, 60]);
    equalizeHeights(container, ['.name', '.meta']);
    expect(heights('.meta')).toEqual(['12px', '12px', '12px', '13px']);
  });

  it('rounds the row size (the first item\u2019s width with its margins) and leaves one-a-row grids alone', () => {
    const wide = grid([20, 40, 30, 10], { width: 700, cell: 300 }); // 700 / 300 = 2.33 -> 2
    equalizeHeights(wide.container, '.name');
    expect(wide.heights('.name')).toEqual(['40px', '40px', '30px', '30px']);
    const narrow = grid([20, 40], { width: 340, cell: 320 });
    narrow.container.querySelectorAll<HTMLElement>('.name').forEach((name) => (name.style.minHeight = '99px'));
    equalizeHeights(narrow.container, '.name');
    expect(narrow.heights('.name')).toEqual(['', '']);
  });

  it('measures again from the natural heights (a stale min-height does not stick)', () => {
    const { container, heights } = grid([20, 40, 20]);
    equalizeHeights(container, '.name');
    container.querySelector<HTMLElement>('.name[data-h="40"]')!.dataset.h = '25';
    equalizeHeights(container, '.name');
    expect(heights('.name')).toEqual(['25px', '25px', '25px']);
  });

  it('refuses without a container or without an item selector', () => {
    expect(equalizeHeights(null, '.name')).toBe(false);
    const detached = document.createElement('div');
    expect(equalizeHeights(detached, '.name')).toBe(false);
    const { container } = grid([20]);
    expect(equalizeHeights(container, [])).toBe(false);
    expect(equalizeHeights(container, '')).toBe(false);
  });
});

function Grid({ names }: { names: number[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEqualHeight(ref, '.name');
  return (
    <div ref={ref} data-w="600" data-testid="grid">
      {names.map((height, index) => (
        <article key={index} data-w="300">
          <h3 className="name" data-h={height}>
            n{index}
          </h3>
        </article>
      ))}
    </div>
  );
}

describe('useEqualHeight', () => {
  it('aligns on mount and again when the items change', async () => {
    const { getByTestId, rerender } = render(<Grid names={[10, 30]} />);
    const heights = () => Array.from(getByTestId('grid').querySelectorAll<HTMLElement>('.name')).map((element) => element.style.minHeight);
    expect(heights()).toEqual(['30px', '30px']);
    rerender(<Grid names={[10, 30, 50, 5]} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heights()).toEqual(['30px', '30px', '50px', '50px']);
  });

  it('aligns again on a window resize', async () => {
    const { getByTestId } = render(<Grid names={[10, 30]} />);
    const grid = getByTestId('grid');
    grid.dataset.w = '300'; // now one a row
    window.dispatchEvent(new Event('resize'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Array.from(grid.querySelectorAll<HTMLElement>('.name')).map((element) => element.style.minHeight)).toEqual(['', '']);
  });
});
