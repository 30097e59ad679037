import { fireEvent, render, screen } from '@testing-library/react';
import { DropDownList } from '../../../src/components/DropDownList';

const links = [
  { href: '/contact.php', label: 'Contatti' },
  { href: '/basketedit.php', label: 'Carrello' },
];

function setup() {
  render(
    <>
      <p>fuori</p>
      <DropDownList label="Servizio clienti" links={links} />
      <button type="button">altro</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Servizio clienti' });
  const list = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { button, list };
}

describe('DropDownList', () => {
  it('is a closed disclosure button that controls a hidden list of links', () => {
    const { button, list } = setup();
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list.tagName).toBe('UL');
    expect(list).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'Contatti' })).toBeNull();
  });

  it('opens on a click and shows the links, and closes on a second click', () => {
    const { button, list } = setup();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contatti' })).toHaveAttribute('href', '/contact.php');
    expect(screen.getByRole('link', { name: 'Carrello' })).toHaveAttribute('href', '/basketedit.php');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  it('closes on Escape from a link and gives the focus back to the button', () => {
    const { button, list } = setup();
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Carrello' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('ignores other keys, and Escape when already closed', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(button, { key: 'Escape' });
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a pointer press outside it, not on one inside it', () => {
    const { button } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Contatti' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerDown(screen.getByText('fuori'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the focus moves out of it', () => {
    const { button } = setup();
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Contatti' });
    fireEvent.blur(button, { relatedTarget: link });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.blur(link, { relatedTarget: screen.getByRole('button', { name: 'altro' }) });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives each instance its own list id', () => {
    render(
      <>
        <DropDownList label="Uno" links={links} />
        <DropDownList label="Due" links={links} direction="up" />
      </>,
    );
    const one = screen.getByRole('button', { name: 'Uno' }).getAttribute('aria-controls');
    const two = screen.getByRole('button', { name: 'Due' }).getAttribute('aria-controls');
    expect(one).not.toBe(two);
    expect(document.getElementById(two!)!.closest('.drop-down')).toHaveClass('drop-down--up');
  });
});
