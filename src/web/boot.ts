/**
 * The one script of a prerendered page (scripts/prerender.mjs bundles this file with the entry's URL and its
 * preload list, and puts it where the entry's <script> was). Two jobs (docs/decisions/051-every-tap-counts.md):
 *
 * 1. Load the app after the first paint: after the first contentful paint (its paint-timing entry; the first
 *    animation frame where a browser has none) it adds the entry's modulepreload links and imports the entry; after
 *    1 s at the latest (a tab opened in the background does not paint until shown).
 * 2. Keep every input made before the page is live (on a page with a control other than a link): until the app
 *    marks `<html data-app="live">` (the page has hydrated), taps, key presses on controls, typed text and form
 *    submissions inside #root are held here and played back, in order, once it is. Links are left to the browser
 *    (they work without the app).
 *
 * Served to every guest on the "/" budget: small, no imports.
 */
declare const __APP_ENTRY__: string;
declare const __APP_PRELOADS__: readonly string[];
/** False for a page whose HTML has no control but links (e.g. "/"): nothing to hold, and its bytes are spared. */
declare const __HOLD_INPUT__: boolean;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Held {
  event: Event;
  target: Element;
  /** Child indexes from #root: finds the element again if the hydration replaced it. */
  path: number[];
  /** A field's value when it was typed. */
  value?: string;
}

const html = __HOLD_INPUT__ ? document.documentElement : null;
const root = __HOLD_INPUT__ ? document.getElementById("root") : null;
const held: Held[] = [];
const kinds = ["click", "keydown", "input", "change", "submit"];
/**
 * Marks a tapped control (not a text field, which takes typing meanwhile) until its tap is played (styles.css dims
 * it): the tap is seen to have registered.
 */
const HELD = "data-app-held";
const CONTROL = "button,label,summary,input,[role=button]";
let replaying = false;

const isField = (el: Element): el is Field =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !/^(checkbox|radio|button|submit|reset|image|file)$/.test(el.type));

function pathOf(el: Element): number[] {
  const path: number[] = [];
  for (let node = el; node !== root && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

function hold(event: Event): void {
  const target = event.target;
  if (replaying || !(target instanceof Element) || !root?.contains(target)) return;
  const { type } = event;
  // A link works without the app; a key press inside a field types (the typed value is held below).
  if (type === "click" && target.closest("a[href]")) return;
  if (type === "keydown" && (isField(target) || (target as HTMLElement).isContentEditable)) return;
  if ((type === "input" || type === "change") && !isField(target)) return;
  if (type === "click" || type === "submit") event.preventDefault();
  const control = type === "click" ? target.closest(CONTROL) : null;
  if (control && !isField(control)) control.setAttribute(HELD, "");
  event.stopImmediatePropagation();
  const last = held.at(-1);
  const value = isField(target) ? target.value : undefined;
  if (value !== undefined && last?.target === target && last.value !== undefined) last.value = value;
  else held.push({ event, target, path: pathOf(target), value });
}

function find({ target, path }: Held): Element | null {
  if (target.isConnected) return target;
  let node: Element | null | undefined = root;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/** Plays one held input to the live page, as the browser would have delivered it. */
function replay(item: Held): void {
  const el = find(item);
  if (!el) return;
  el.closest(`[${HELD}]`)?.removeAttribute(HELD);
  const { event } = item;
  if (item.value !== undefined && isField(el)) {
    // Through the element's own `value` (React's change tracker, where there is one) first, then the DOM's setter,
    // so the app sees a change even where its hydration had already read the typed value.
    const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set;
    el.value = item.value === "" ? " " : "";
    set?.call(el, item.value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (event instanceof KeyboardEvent) {
    el.dispatchEvent(new KeyboardEvent(event.type, event));
  } else if (event.type === "submit" && el instanceof HTMLFormElement) {
    const submitter = (event as SubmitEvent).submitter;
    el.requestSubmit(submitter?.isConnected ? submitter : null);
  } else if (event instanceof MouseEvent) {
    el.dispatchEvent(new MouseEvent("click", event));
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Once live: plays the held inputs back one task apart (each update commits before the next input), then lets go. */
async function release(): Promise<void> {
  await nextTask();
  for (let item = held.shift(); item; item = held.shift()) {
    replaying = true;
    try {
      replay(item);
    } finally {
      replaying = false;
    }
    // When the held input took effect (bench/interaction.ts reads it).
    performance.mark("app:replayed");
    await nextTask();
  }
  for (const kind of kinds) window.removeEventListener(kind, hold, true);
}

if (html && root && html.dataset.app !== "live") {
  for (const kind of kinds) window.addEventListener(kind, hold, true);
  new MutationObserver((_, observer) => {
    if (html.dataset.app !== "live") return;
    observer.disconnect();
    void release();
  }).observe(html, { attributes: true, attributeFilter: ["data-app"] });
}

let started = false;
function go(): void {
  if (started) return;
  started = true;
  for (const href of __APP_PRELOADS__) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ __APP_ENTRY__);
}
const later = () => setTimeout(go, 0);
if (performance.getEntriesByName("first-contentful-paint").length) later();
else if (PerformanceObserver.supportedEntryTypes?.includes("paint"))
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    later();
  }).observe({ type: "paint", buffered: true });
else requestAnimationFrame(later);
setTimeout(go, 1000);

// A module (its names stay its own), not a script that would add them to every file's global scope.
export {};
