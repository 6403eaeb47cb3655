// The room's link and code with a copy button that works on plain-http LAN pages too (see
// ui/copy.ts): the link sits in a read-only field, so it can always be selected by hand.
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { copyText } from '../ui/copy';

export function ShareLink(props: { code: string; url: string }): JSX.Element {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>('');
  const url = props.url || `${location.origin}/r/${props.code}`;
  return (
    <div class="stack share">
      <div class="row">
        <span>Room code</span>
        <strong class="room-code" data-testid="room-code">{props.code}</strong>
      </div>
      <div class="row">
        <label for="share-link" class="visually-hidden">Join link</label>
        <input id="share-link" ref={field} type="text" readOnly value={url} size={Math.min(url.length, 34)} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          onClick={async () => {
            const ok = await copyText(url, field.current);
            setCopied(ok ? 'Link copied.' : 'Select the link and copy it.');
          }}
        >
          Copy link
        </button>
        <span role="status">{copied}</span>
      </div>
    </div>
  );
}
