// Copies text for the "copy link" buttons. The Clipboard API exists only on secure pages
// (https or localhost): a LAN party on http://192.168.x.y has none, so the fallback selects the
// text in a field and uses execCommand('copy'); if that fails too, the text stays selected in a
// visible field for the user to copy by hand.
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied: fall through to the old way.
  }
  const input = field ?? document.createElement('input');
  const temporary = !field;
  if (temporary) {
    input.value = text;
    input.setAttribute('readonly', '');
    input.style.position = 'fixed';
    input.style.opacity = '0';
    document.body.appendChild(input);
  }
  input.focus();
  input.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  if (temporary) input.remove();
  return ok;
}
