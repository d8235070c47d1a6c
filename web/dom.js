// Building the page's elements: HTML and SVG elements from attributes and children, and the status
// line of a form. Text only goes in with textContent or text nodes: nothing is read as HTML.

const SVG = 'http://www.w3.org/2000/svg';

export const $ = (selector) => document.querySelector(selector);

function build(element, attributes, children) {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat())
    if (child !== undefined && child !== null) element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return element;
}

/** An HTML element with attributes and children (strings become text). */
export function h(name, attributes = {}, ...children) {
  return build(document.createElement(name), attributes, children);
}

/** An SVG element with attributes and children (strings become text). */
export function svg(name, attributes = {}, ...children) {
  return build(document.createElementNS(SVG, name), attributes, children);
}

/** A status line: its state (loading, done, error) as data-state, for tests and styles. */
export function setStatus(element, state, text) {
  element.dataset.state = state;
  element.textContent = text;
  element.classList.toggle('error', state === 'error');
}

/**
 * A form's submit, as every form of the page handles it: its button disabled and `status` saying
 * `loadingText` while `ask` runs (which sets the status it ends with); a request that fails to go
 * out is shown in `status`.
 */
export function onSubmit(form, status, loadingText, ask) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type=submit]');
    submit.disabled = true;
    setStatus(status, 'loading', loadingText);
    try {
      await ask();
    } catch (error) {
      setStatus(status, 'error', `The request failed: ${error.message}`);
    } finally {
      submit.disabled = false;
    }
  });
}
