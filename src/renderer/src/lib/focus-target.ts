// Where keyboard focus is, for the global shortcuts: typing in a field or
// the diff editor keeps its own keys (paste, find, …).

/** True when the element is a text field: an input that takes text, a textarea, a select or anything contenteditable. */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(type);
  }
  return element.closest('[contenteditable=""], [contenteditable="true"]') !== null;
}

/** True when the element is (or is inside) the diff's editor host. */
export function isInEditor(element: Element | null): boolean {
  return element?.closest('[data-editor-host]') != null;
}
