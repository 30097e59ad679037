import { render } from '@testing-library/react';
import { monthNames, NewsDateBadge } from '../../../src/components/NewsDateBadge';

describe('NewsDateBadge', () => {
  it('shows day, month name and year in a <time> carrying the machine-readable date', () => {
    const { container } = render(<NewsDateBadge date="2026-11-02" />);
    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-02');
    expect(time).toHaveTextContent(/^02 novembre 2026$/);
    expect(time.querySelector('.news-date__day')).toHaveTextContent('02');
    expect(time.querySelector('.news-date__month')).toHaveTextContent('novembre');
    expect(time.querySelector('.news-date__year')).toHaveTextContent('2026');
    expect(time).toHaveClass('news-date');
  });

  it('names the month in the locale asked for', () => {
    const { container } = render(<NewsDateBadge date="2026-03-05" locale="en" className="extra" />);
    expect(container.querySelector('time')).toHaveTextContent(/^05 March 2026$/);
    expect(container.querySelector('time')).toHaveClass('news-date', 'extra');
  });

  it('keeps the rule\u2019s day (a time after the day is ignored) and pads the dateTime', () => {
    const { container } = render(<NewsDateBadge date="2026-3-05 10:00" />);
    expect(container.querySelector('time')).toHaveAttribute('datetime', '2026-03-05');
    expect(container.querySelector('time')).toHaveTextContent(/^05 marzo 2026$/);
  });

  it.each(['', '2026-11', 'novembre', '2026/11/02'])('renders nothing when the rule refuses %j', (date) => {
    const { container } = render(<NewsDateBadge date={date} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows what the rule gives, without a <time>, when the parts are not a calendar day', () => {
    const { container } = render(<NewsDateBadge date="2026-02-30" />);
    expect(container.querySelector('time')).toBeNull();
    expect(container.querySelector('.news-date')).toHaveTextContent(/^30 febbraio 2026$/);
  });

  it('falls back to Italian month names for an unknown locale', () => {
    expect(monthNames('not a locale!')).toEqual(monthNames('it'));
    expect(monthNames('it')).toHaveLength(12);
    expect(monthNames('it')[0]).toBe('gennaio');
  });
});
