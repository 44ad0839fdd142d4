import React, { useEffect, useState } from 'react';

/** Copies a license key to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button className="button button--small" type="button" aria-label={label} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
