/**
 * Copies text to the clipboard. The async Clipboard API first; where it is refused (the desktop app
 * denies permission requests, and a page without focus cannot write) the older copy command of a
 * user's click, which needs no permission. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
