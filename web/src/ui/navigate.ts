// Moves to another page of the client without reloading (the server sends the same page for
// "/", "/r/CODE", "/watch/CODE", "/host/CODE", "/party" and "/replay[/CODE]"; main.tsx listens
// for popstate).
export function navigate(path: string): void {
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
