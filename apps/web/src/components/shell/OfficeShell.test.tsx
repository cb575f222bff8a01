import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfficeShell } from './OfficeShell';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('OfficeShell', () => {
  it("draws the top bar and, for a stored session, the opened list's heading with its trail", () => {
    localStorage.setItem('__token__', 'a token');
    window.history.replaceState(null, '', '/all-parents?page=2');
    const { container } = render(<OfficeShell />);
    expect(screen.getByText('SchoolRide')).toBeInTheDocument();
    expect(container.querySelector('h1')).toHaveTextContent('All Parents');
    // Not the screen yet: a test (or a screen reader) waiting for the screen's heading does not take this one.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('.office-shell-trail')).toHaveTextContent('Home/All Parents');
  });

  it('draws the top bar alone for a visitor, as the page did', () => {
    window.history.replaceState(null, '', '/');
    render(<OfficeShell />);
    expect(screen.getByText('SchoolRide')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
