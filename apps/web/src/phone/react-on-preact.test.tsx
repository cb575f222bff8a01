import { render, screen } from '@testing-library/react';
import { Component as PreactComponent, createContext as preactCreateContext } from 'preact';
import { Component, createContext, use } from 'react';
import { expect, test } from 'vitest';

// The phone apps' tests run on the UI layer their build ships (vite.config.ts's `phone` project, phone-build.ts).

test('in the phone apps, `react` is Preact', () => {
  expect(Component).toBe(PreactComponent);
  expect(createContext).toBe(preactCreateContext);
});

test('use() reads a context, as react-leaflet calls it', () => {
  const Place = createContext('nowhere');
  function Where() {
    return <p>{use(Place)}</p>;
  }
  render(
    <Place.Provider value="the school">
      <Where />
    </Place.Provider>,
  );
  expect(screen.getByText('the school')).toBeInTheDocument();
});
