// Copies text for the user. The async Clipboard API exists only in secure contexts, and on-premises
// installs are often plain http on an intranet address, so a selection-based copy stands in there.
export async function copyText(text: string): Promise<boolean> {
  // navigator.clipboard is undefined outside secure contexts, although the DOM types say otherwise.
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: try the selection way below.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated but still the only copy path outside secure contexts.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
