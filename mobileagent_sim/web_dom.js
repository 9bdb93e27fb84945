// The simulated browser's DOM: what a page's own script sees, run in V8 (mini-racer) by sim/web.py.
//
// A small DOM in the spirit of Chrome's: nodes and elements with attributes, innerHTML (an HTML subset parser),
// style sheets cascaded over a few properties, events with capture and bubbling, a simple block / inline / flex
// layout for getBoundingClientRect, and a 2D canvas on a pixel buffer (aliased: a pixel is painted when its centre
// is inside the shape). Only what ordinary pages use is here; anything else is absent, so a page calling it gets
// the TypeError or ReferenceError a missing API gives, reported as Chrome reports an uncaught error.
//
// Python drives it through the `__dom` object: `begin(ops)` / `resume()` build the document from lxml's parse,
// handing back each <script> to run as a top-level script; `click`, `input`, `key`, `drag` dispatch the events
// Chrome sends for a tap, typed text, Enter and a swipe; `serialize()` gives the rendered tree as JSON.
(function (global) {
  'use strict';

  // -- the page's console, timers and random numbers -----------------------------------------------------------

  const consoleLines = [];  // [level, text, line]
  // The line in the file of the first frame in the page's code: its scripts (page.js), or the handler an on*
  // attribute compiled (V8 numbers its body from 3, after the function's header), at its element's line.
  function lineOf(error, handlerLine) {
    const m = /page\.js:(\d+)|\), <anonymous>:(\d+)/.exec((error && error.stack) || '');
    if (m && m[1]) return Number(m[1]);
    if (m && handlerLine) return handlerLine + Number(m[2]) - 3;
    return handlerLine || 0;
  }
  function show(value) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (value instanceof Node_) return value.nodeType === 1 ? '<' + value.localName + '>' : value.nodeName;
    try { const s = JSON.stringify(value); return s === undefined ? String(value) : s; } catch (e) { return String(value); }
  }
  function report(error, handlerLine) {
    const text = error instanceof Error ? error.name + ': ' + error.message : show(error);
    consoleLines.push(['error', 'Uncaught ' + text, lineOf(error, handlerLine)]);
  }
  function logger(level) {
    return function (...args) { consoleLines.push([level, args.map(show).join(' '), lineOf(new Error())]); };
  }
  global.console = {log: logger('info'), info: logger('info'), debug: logger('verbose'), warn: logger('warning'),
    error: logger('error')};

  let timers = [], timerSeq = 0, clock = 0;
  function addTimer(fn, delay, args, repeat) {
    if (typeof fn !== 'function') throw new TypeError('the simulated browser runs timers given as functions only');
    const id = ++timerSeq;
    timers.push({id, fn, args, at: clock + Math.max(0, Number(delay) || 0), seq: id, repeat});
    return id;
  }
  global.setTimeout = (fn, delay, ...args) => addTimer(fn, delay, args, 0);
  global.setInterval = (fn, delay, ...args) => addTimer(fn, delay, args, Math.max(1, Number(delay) || 0));
  global.clearTimeout = global.clearInterval = (id) => { timers = timers.filter((t) => t.id !== id); };
  global.requestAnimationFrame = (fn) => addTimer(() => fn(clock), 16, [], 0);
  global.cancelAnimationFrame = global.clearTimeout;
  // Timers run after each task, in order of their due time, up to `ms` of page time (intervals keep running
  // within it): the page's time moves only when the phone's events give it time, a second after each (as the
  // phone's clock moves a second with each input) and what the phone's clock moved on since (`wait`), so a replay
  // runs the same timers.
  const AFTER_EVENT = 1000;
  function runTimers(ms) {
    const until = clock + ms;
    for (let guard = 0; guard < 10000; guard++) {
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const t = timers[0];
      if (!t || t.at > until) break;
      clock = Math.max(clock, t.at);
      if (t.repeat) { t.at += t.repeat; t.seq = ++timerSeq; } else timers.shift();
      try { t.fn(...t.args); } catch (e) { report(e); }
    }
    clock = until;
  }

  // The page's time: the phone's clock when the page loaded, moved on by the timers' clock (so a replay reads the
  // same times). Date() with no argument and Date.now() read it; performance.now() is the time since the load.
  let epoch = 0;
  const HostDate = Date;
  global.Date = class Date extends HostDate {
    constructor(...args) { if (args.length) super(...args); else super(epoch + clock); }
    static now() { return epoch + clock; }
  };
  global.performance = {now: () => clock, timeOrigin: 0};

  // Math.random from the seed Python gives each page load (mulberry32), never real randomness.
  let seed = 0;
  Math.random = function () {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  // -- colours ---------------------------------------------------------------------------------------------------

  const NAMED = {black: '#000000', white: '#ffffff', red: '#ff0000', lime: '#00ff00', green: '#008000',
    blue: '#0000ff', yellow: '#ffff00', cyan: '#00ffff', aqua: '#00ffff', magenta: '#ff00ff', fuchsia: '#ff00ff',
    gray: '#808080', grey: '#808080', silver: '#c0c0c0', maroon: '#800000', olive: '#808000', purple: '#800080',
    teal: '#008080', navy: '#000080', orange: '#ffa500', pink: '#ffc0cb', brown: '#a52a2a', gold: '#ffd700',
    violet: '#ee82ee', indigo: '#4b0082', lightgray: '#d3d3d3', lightgrey: '#d3d3d3', darkgray: '#a9a9a9',
    darkgrey: '#a9a9a9', lightblue: '#add8e6', lightgreen: '#90ee90', darkgreen: '#006400', darkblue: '#00008b',
    darkred: '#8b0000', coral: '#ff7f50', tomato: '#ff6347', salmon: '#fa8072', khaki: '#f0e68c',
    crimson: '#dc143c', turquoise: '#40e0d0', beige: '#f5f5dc', tan: '#d2b48c', chocolate: '#d2691e',
    transparent: 'transparent'};
  const hex2 = (n) => ('0' + Math.max(0, Math.min(255, Math.round(n))).toString(16)).slice(-2);
  // A CSS colour as [r, g, b, a] (a in 0..255), or null for what is not a colour.
  function parseColor(value) {
    let v = String(value).trim().toLowerCase();
    if (v in NAMED) v = NAMED[v];
    if (v === 'transparent') return [0, 0, 0, 0];
    let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v);
    if (m) {
      let h = m[1];
      if (h.length <= 4) h = h.split('').map((c) => c + c).join('');
      const n = (i) => parseInt(h.slice(i, i + 2), 16);
      return [n(0), n(2), n(4), h.length === 8 ? n(6) : 255];
    }
    m = /^rgba?\(([^)]*)\)$/.exec(v);
    if (m) {
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map((s, i) => (s.endsWith('%')
        ? parseFloat(s) * (i < 3 ? 2.55 : 0.01) : parseFloat(s)));
      if (p.length < 3 || p.some(isNaN)) return null;
      return [p[0], p[1], p[2], p.length > 3 ? Math.round(p[3] * 255) : 255].map(Math.round);
    }
    return null;
  }
  // What a canvas gives back for a colour it accepted: #rrggbb when opaque, else rgba(...).
  function canvasColor(c) {
    return c[3] === 255 ? '#' + hex2(c[0]) + hex2(c[1]) + hex2(c[2])
      : 'rgba(' + c[0] + ', ' + c[1] + ', ' + c[2] + ', ' + (c[3] / 255) + ')';
  }
  const cssHex = (c) => (c && c[3] ? '#' + hex2(c[0]) + hex2(c[1]) + hex2(c[2]) : '');

  // -- nodes -------------------------------------------------------------------------------------------------------

  let nextId = 1;
  const byId = new Map();  // node number -> node, for the events Python sends
  let version = 0;  // bumped on every change that can move the layout
  const changed = () => { version++; };

  class Node_ {
    constructor(type, doc) {
      this.nodeType = type;
      this.ownerDocument = doc;
      this.parentNode = null;
      this.childNodes = [];
      this.__nid = nextId++;
      this.__listeners = [];
      byId.set(this.__nid, this);
    }
    get parentElement() { return this.parentNode && this.parentNode.nodeType === 1 ? this.parentNode : null; }
    get firstChild() { return this.childNodes[0] || null; }
    get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
    get nextSibling() { return sibling(this, 1); }
    get previousSibling() { return sibling(this, -1); }
    get children() { return this.childNodes.filter((n) => n.nodeType === 1); }
    get childElementCount() { return this.children.length; }
    get firstElementChild() { return this.children[0] || null; }
    get lastElementChild() { const c = this.children; return c[c.length - 1] || null; }
    get nextElementSibling() { let n = this.nextSibling; while (n && n.nodeType !== 1) n = n.nextSibling; return n; }
    get previousElementSibling() {
      let n = this.previousSibling; while (n && n.nodeType !== 1) n = n.previousSibling; return n;
    }
    get isConnected() { let n = this; while (n.parentNode) n = n.parentNode; return n.nodeType === 9; }
    hasChildNodes() { return this.childNodes.length > 0; }
    contains(other) { for (let n = other; n; n = n.parentNode) if (n === this) return true; return false; }
    appendChild(child) { return this.insertBefore(child, null); }
    insertBefore(child, ref) {
      if (!(child instanceof Node_)) throw new TypeError("Failed to execute 'insertBefore' on 'Node': parameter 1 is not of type 'Node'.");
      if (child.contains(this)) throw domError('HierarchyRequestError', 'The new child element contains the parent.');
      const kids = child.nodeType === 11 ? child.childNodes.slice() : [child];
      for (const k of kids) {
        if (k.parentNode) k.parentNode.removeChild(k);
        const at = ref ? this.childNodes.indexOf(ref) : -1;
        if (ref && at < 0) throw domError('NotFoundError', 'The node before which the new node is to be inserted is not a child of this node.');
        if (at < 0) this.childNodes.push(k); else this.childNodes.splice(at, 0, k);
        k.parentNode = this;
      }
      changed();
      return child;
    }
    removeChild(child) {
      const at = this.childNodes.indexOf(child);
      if (at < 0) throw domError('NotFoundError', 'The node to be removed is not a child of this node.');
      this.childNodes.splice(at, 1);
      child.parentNode = null;
      changed();
      return child;
    }
    replaceChild(child, old) { this.insertBefore(child, old); return this.removeChild(old); }
    remove() { if (this.parentNode) this.parentNode.removeChild(this); }
    append(...items) { for (const i of items) this.appendChild(asNode(this, i)); }
    prepend(...items) { const first = this.firstChild; for (const i of items) this.insertBefore(asNode(this, i), first); }
    replaceChildren(...items) { this.childNodes.slice().forEach((c) => this.removeChild(c)); this.append(...items); }
    get textContent() {
      if (this.nodeType === 3 || this.nodeType === 8) return this.data;
      if (this.nodeType === 9) return null;
      return this.childNodes.map((n) => (n.nodeType === 8 ? '' : n.textContent)).join('');
    }
    set textContent(value) {
      if (this.nodeType === 3) { this.data = String(value); changed(); return; }
      this.childNodes.slice().forEach((c) => this.removeChild(c));
      const text = value == null ? '' : String(value);
      if (text) this.appendChild(new Text_(text, this.ownerDocument));
    }
    get nodeValue() { return this.nodeType === 3 || this.nodeType === 8 ? this.data : null; }
    addEventListener(type, fn, options) {
      if (!fn) return;
      const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
      const once = !!(options && options.once);
      if (!this.__listeners.some((l) => l.type === type && l.fn === fn && l.capture === capture)) {
        this.__listeners.push({type, fn, capture, once});
      }
    }
    removeEventListener(type, fn, options) {
      const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
      this.__listeners = this.__listeners.filter((l) => !(l.type === type && l.fn === fn && l.capture === capture));
    }
    dispatchEvent(event) { return dispatch(this, event); }
  }
  function sibling(node, step) {
    const p = node.parentNode;
    if (!p) return null;
    return p.childNodes[p.childNodes.indexOf(node) + step] || null;
  }
  function asNode(parent, item) {
    return item instanceof Node_ ? item : new Text_(String(item), parent.ownerDocument || parent);
  }
  function domError(name, message) { const e = new Error(message); e.name = name; return e; }

  class Text_ extends Node_ {
    constructor(data, doc) { super(3, doc); this.data = String(data); }
    get nodeName() { return '#text'; }
    get wholeText() { return this.data; }
    cloneNode() { return new Text_(this.data, this.ownerDocument); }
  }
  class Comment_ extends Node_ {
    constructor(data, doc) { super(8, doc); this.data = String(data); }
    get nodeName() { return '#comment'; }
    cloneNode() { return new Comment_(this.data, this.ownerDocument); }
  }

  const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source',
    'track', 'wbr']);
  const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const kebab = (s) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

  // An element's inline style: properties by their CSS names, kept in the style attribute as Chrome does.
  function makeStyle(el) {
    const target = {
      getPropertyValue: (name) => parseDecls(el.getAttribute('style') || '')[name] || '',
      setProperty: (name, value) => setDecl(el, name, value),
      removeProperty: (name) => { const v = target.getPropertyValue(name); setDecl(el, name, ''); return v; },
    };
    return new Proxy(target, {
      get(t, prop) {
        if (prop in t || typeof prop !== 'string') return t[prop];
        if (prop === 'cssText') return el.getAttribute('style') || '';
        return parseDecls(el.getAttribute('style') || '')[kebab(prop)] || '';
      },
      set(t, prop, value) {
        if (prop === 'cssText') el.setAttribute('style', String(value));
        else setDecl(el, kebab(prop), value);
        return true;
      },
    });
  }
  function setDecl(el, name, value) {
    const decls = parseDecls(el.getAttribute('style') || '');
    delete decls[name];
    if (value !== null && value !== undefined && String(value) !== '') decls[name] = String(value);
    el.setAttribute('style', Object.keys(decls).map((k) => k + ': ' + decls[k] + ';').join(' '));
  }
  function parseDecls(text) {
    const out = {};
    for (const part of String(text).split(';')) {
      const i = part.indexOf(':');
      if (i > 0) out[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).replace(/!important/, '').trim();
    }
    return out;
  }

  class Element_ extends Node_ {
    constructor(tag, doc) {
      super(1, doc);
      this.localName = String(tag).toLowerCase();
      this.__attrs = [];
      this.__handlers = {};
      this.__style = null;
      if (this.localName === 'canvas') this.__canvas = null;
    }
    get tagName() { return this.localName.toUpperCase(); }
    get nodeName() { return this.tagName; }
    get attributes() { return this.__attrs.map(([name, value]) => ({name, value})); }
    getAttribute(name) {
      const a = this.__attrs.find((x) => x[0] === String(name).toLowerCase());
      return a ? a[1] : null;
    }
    hasAttribute(name) { return this.getAttribute(name) !== null; }
    getAttributeNames() { return this.__attrs.map((a) => a[0]); }
    setAttribute(name, value) {
      name = String(name).toLowerCase();
      value = String(value);
      const a = this.__attrs.find((x) => x[0] === name);
      if (a) a[1] = value; else this.__attrs.push([name, value]);
      if (name.startsWith('on')) this.__handlers[name.slice(2)] = compileHandler(this, value);
      // a canvas given a size starts again blank, its context (the same object) with it
      if (this.localName === 'canvas' && (name === 'width' || name === 'height') && this.__canvas) this.__canvas.__reset();
      changed();
    }
    removeAttribute(name) {
      name = String(name).toLowerCase();
      this.__attrs = this.__attrs.filter((a) => a[0] !== name);
      if (name.startsWith('on')) delete this.__handlers[name.slice(2)];
      changed();
    }
    toggleAttribute(name, force) {
      const on = force === undefined ? !this.hasAttribute(name) : !!force;
      if (on) { if (!this.hasAttribute(name)) this.setAttribute(name, ''); } else this.removeAttribute(name);
      return on;
    }
    get id() { return this.getAttribute('id') || ''; }
    set id(v) { this.setAttribute('id', v); }
    get className() { return this.getAttribute('class') || ''; }
    set className(v) { this.setAttribute('class', v); }
    get classList() {
      const el = this;
      const list = () => el.className.split(/\s+/).filter(Boolean);
      const put = (names) => el.setAttribute('class', names.join(' '));
      return {
        add: (...names) => put([...list(), ...names.filter((n) => !list().includes(n))]),
        remove: (...names) => put(list().filter((n) => !names.includes(n))),
        contains: (name) => list().includes(name),
        toggle(name, force) {
          const on = force === undefined ? !list().includes(name) : !!force;
          if (on) this.add(name); else this.remove(name);
          return on;
        },
        replace(a, b) { if (!list().includes(a)) return false; put(list().map((n) => (n === a ? b : n))); return true; },
        item: (i) => list()[i] || null,
        get length() { return list().length; },
        forEach: (fn) => list().forEach(fn),
        toString: () => el.className,
        [Symbol.iterator]: () => list()[Symbol.iterator](),
      };
    }
    get style() { return this.__style || (this.__style = makeStyle(this)); }
    set style(v) { this.setAttribute('style', v); }
    get dataset() {
      const el = this;
      return new Proxy({}, {
        get: (t, k) => (typeof k === 'string' ? (el.getAttribute('data-' + kebab(k)) ?? undefined) : undefined),
        set: (t, k, v) => { el.setAttribute('data-' + kebab(k), v); return true; },
        has: (t, k) => el.hasAttribute('data-' + kebab(k)),
        deleteProperty: (t, k) => { el.removeAttribute('data-' + kebab(k)); return true; },
        ownKeys: () => el.__attrs.filter((a) => a[0].startsWith('data-')).map((a) => camel(a[0].slice(5))),
        getOwnPropertyDescriptor: (t, k) => (el.hasAttribute('data-' + kebab(k))
          ? {value: el.getAttribute('data-' + kebab(k)), enumerable: true, configurable: true} : undefined),
      });
    }
    get hidden() { return this.hasAttribute('hidden'); }
    set hidden(v) { this.toggleAttribute('hidden', !!v); }
    get title() { return this.getAttribute('title') || ''; }
    set title(v) { this.setAttribute('title', v); }
    get name() { return this.getAttribute('name') || ''; }
    set name(v) { this.setAttribute('name', v); }
    get type() {
      if (this.localName === 'button') return (this.getAttribute('type') || 'submit').toLowerCase();
      return (this.getAttribute('type') || (this.localName === 'input' ? 'text' : '')).toLowerCase();
    }
    set type(v) { this.setAttribute('type', v); }
    get placeholder() { return this.getAttribute('placeholder') || ''; }
    set placeholder(v) { this.setAttribute('placeholder', v); }
    get href() { return this.hasAttribute('href') ? resolveUrl(this.getAttribute('href')) : ''; }
    set href(v) { this.setAttribute('href', v); }
    get src() { return this.hasAttribute('src') ? resolveUrl(this.getAttribute('src')) : ''; }
    set src(v) { this.setAttribute('src', v); }
    get alt() { return this.getAttribute('alt') || ''; }
    set alt(v) { this.setAttribute('alt', v); }
    get disabled() { return this.hasAttribute('disabled'); }
    set disabled(v) { this.toggleAttribute('disabled', !!v); }
    get checked() { return this.__checked ?? this.hasAttribute('checked'); }
    set checked(v) {
      this.__checked = !!v;
      if (v && this.type === 'radio' && this.name) {
        for (const other of this.ownerDocument.querySelectorAll('input[type=radio]')) {
          if (other !== this && other.name === this.name) other.__checked = false;
        }
      }
      changed();
    }
    get value() {
      if (this.localName === 'textarea') return this.__value ?? this.textContent;
      if (this.localName === 'select') {
        const opt = this.selectedOptions[0];
        return opt ? opt.value : '';
      }
      if (this.localName === 'option') return this.getAttribute('value') ?? this.textContent.trim();
      return this.__value ?? this.getAttribute('value') ?? (['checkbox', 'radio'].includes(this.type) ? 'on' : '');
    }
    set value(v) {
      v = v === null || v === undefined ? '' : String(v);
      if (this.localName === 'select') {
        this.options.forEach((o) => { o.__selected = o.value === v; });
      } else if (this.localName === 'input' && this.type === 'number' && v !== '' && !isFinite(Number(v))) {
        this.__value = '';  // a number field sanitises what is not a number to the empty string
      } else {
        this.__value = v;
      }
      changed();
    }
    get valueAsNumber() { return this.value === '' ? NaN : Number(this.value); }
    get options() { return this.querySelectorAll('option'); }
    get selectedOptions() {
      const opts = this.options;
      const chosen = opts.filter((o) => o.__selected ?? o.hasAttribute('selected'));
      return chosen.length ? chosen.slice(-1) : opts.slice(0, 1);
    }
    get selectedIndex() { return this.options.indexOf(this.selectedOptions[0]); }
    set selectedIndex(i) { this.options.forEach((o, k) => { o.__selected = k === i; }); changed(); }
    get selected() { const select = this.closest('select'); return select ? select.selectedOptions[0] === this : false; }
    get form() { return this.closest('form'); }
    get elements() { return this.querySelectorAll('input, button, select, textarea'); }
    get width() { return this.localName === 'canvas' ? intAttr(this, 'width', 300) : intAttr(this, 'width', 0); }
    set width(v) { this.setAttribute('width', Math.floor(Number(v)) || 0); }
    get height() { return this.localName === 'canvas' ? intAttr(this, 'height', 150) : intAttr(this, 'height', 0); }
    set height(v) { this.setAttribute('height', Math.floor(Number(v)) || 0); }
    get innerHTML() { return this.childNodes.map(serializeHTML).join(''); }
    set innerHTML(html) {
      this.childNodes.slice().forEach((c) => this.removeChild(c));
      for (const node of parseHTML(String(html), this.ownerDocument, this.localName)) this.appendChild(node);
    }
    get outerHTML() { return serializeHTML(this); }
    get innerText() { return this.textContent; }
    set innerText(v) { this.textContent = v; }
    get offsetWidth() { return Math.round(this.getBoundingClientRect().width); }
    get offsetHeight() { return Math.round(this.getBoundingClientRect().height); }
    get clientWidth() { return this.offsetWidth; }
    get clientHeight() { return this.offsetHeight; }
    get offsetLeft() { return Math.round(this.getBoundingClientRect().left); }
    get offsetTop() { return Math.round(this.getBoundingClientRect().top); }
    get scrollTop() { return 0; }
    get scrollLeft() { return 0; }
    getBoundingClientRect() {
      layout();
      const b = this.__box || {x: 0, y: 0, w: 0, h: 0};
      return {x: b.x, y: b.y, left: b.x, top: b.y, width: b.w, height: b.h, right: b.x + b.w, bottom: b.y + b.h};
    }
    getContext(kind) {
      if (this.localName !== 'canvas') throw new TypeError('this.getContext is not a function');
      if (kind !== '2d') return null;  // no WebGL in the simulated browser
      if (!this.__canvas) this.__canvas = new Context2D(this);
      return this.__canvas;
    }
    querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
    querySelectorAll(sel) { const m = compileSelector(sel); return descendants(this).filter((e) => m(e)); }
    getElementsByTagName(tag) {
      tag = String(tag).toLowerCase();
      return descendants(this).filter((e) => tag === '*' || e.localName === tag);
    }
    getElementsByClassName(names) {
      const want = String(names).split(/\s+/).filter(Boolean);
      return descendants(this).filter((e) => want.every((n) => e.classList.contains(n)));
    }
    matches(sel) { return compileSelector(sel)(this); }
    closest(sel) { const m = compileSelector(sel); for (let e = this; e && e.nodeType === 1; e = e.parentNode) if (m(e)) return e; return null; }
    insertAdjacentHTML(where, html) {
      const nodes = parseHTML(String(html), this.ownerDocument, this.localName);
      const frag = this.ownerDocument.createDocumentFragment();
      nodes.forEach((n) => frag.appendChild(n));
      this.insertAdjacentElement(where, frag);
    }
    insertAdjacentElement(where, node) {
      switch (String(where).toLowerCase()) {
        case 'beforebegin': this.parentNode.insertBefore(node, this); break;
        case 'afterbegin': this.insertBefore(node, this.firstChild); break;
        case 'beforeend': this.appendChild(node); break;
        case 'afterend': this.parentNode.insertBefore(node, this.nextSibling); break;
        default: throw domError('SyntaxError', "The value provided ('" + where + "') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.");
      }
      return node;
    }
    insertAdjacentText(where, text) { this.insertAdjacentElement(where, new Text_(text, this.ownerDocument)); }
    cloneNode(deep) {
      const copy = new Element_(this.localName, this.ownerDocument);
      this.__attrs.forEach(([k, v]) => copy.setAttribute(k, v));
      if (deep) this.childNodes.forEach((c) => copy.appendChild(c.cloneNode(true)));
      return copy;
    }
    click() { activate(this, {}); }
    focus() { if (this.ownerDocument) this.ownerDocument.activeElement = this; }
    blur() { if (this.ownerDocument && this.ownerDocument.activeElement === this) this.ownerDocument.activeElement = this.ownerDocument.body; }
    scrollIntoView() {}
    submit() { navigateForm(this); }
    reset() { this.querySelectorAll('input, textarea').forEach((i) => { i.__value = undefined; i.__checked = undefined; }); changed(); }
  }
  // on<event> properties: the handler an attribute compiled, or the function a script set.
  const EVENTS = ['click', 'dblclick', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout', 'mouseenter',
    'mouseleave', 'touchstart', 'touchmove', 'touchend', 'touchcancel', 'pointerdown', 'pointerup', 'pointermove',
    'pointercancel', 'pointerover', 'pointerout', 'pointerenter', 'pointerleave', 'keydown', 'keyup', 'keypress',
    'input', 'change', 'submit', 'reset', 'focus', 'blur', 'load', 'DOMContentLoaded', 'contextmenu', 'wheel',
    'scroll', 'resize'];
  for (const type of EVENTS) {
    const desc = {
      get() { return this.__handlers[type.toLowerCase()] || null; },
      set(fn) { this.__handlers[type.toLowerCase()] = typeof fn === 'function' ? fn : null; },
      configurable: true,
    };
    Object.defineProperty(Element_.prototype, 'on' + type.toLowerCase(), desc);
  }
  function compileHandler(el, code) {
    try {
      const fn = new Function('event', code);  // eslint-disable-line no-new-func
      fn.__line = el.__line || 0;
      return fn;
    } catch (e) {
      report(e, el.__line);
      return null;
    }
  }
  function intAttr(el, name, fallback) {
    const n = parseInt(el.getAttribute(name), 10);
    return isNaN(n) || n < 0 ? fallback : n;
  }
  function descendants(root) {
    const out = [];
    (function walk(n) { for (const c of n.childNodes) if (c.nodeType === 1) { out.push(c); walk(c); } })(root);
    return out;
  }

  class Fragment_ extends Node_ {
    constructor(doc) { super(11, doc); }
    get nodeName() { return '#document-fragment'; }
    querySelector(sel) { return Element_.prototype.querySelector.call(this, sel); }
    querySelectorAll(sel) { return Element_.prototype.querySelectorAll.call(this, sel); }
    getElementById(id) { return descendants(this).find((e) => e.id === String(id)) || null; }
    cloneNode(deep) {
      const copy = new Fragment_(this.ownerDocument);
      if (deep) this.childNodes.forEach((c) => copy.appendChild(c.cloneNode(true)));
      return copy;
    }
  }

  class Document_ extends Node_ {
    constructor() {
      super(9, null);
      this.activeElement = null;
      this.readyState = 'loading';
      this.__handlers = {};
    }
    get nodeName() { return '#document'; }
    get documentElement() { return this.children[0] || null; }
    get head() { return this.documentElement && this.documentElement.children.find((e) => e.localName === 'head') || null; }
    get body() { return this.documentElement && this.documentElement.children.find((e) => e.localName === 'body') || null; }
    set body(el) {
      const html = this.documentElement, old = this.body;
      if (old) html.replaceChild(el, old); else html.appendChild(el);
    }
    get title() { const t = this.querySelector('title'); return t ? t.textContent.replace(/\s+/g, ' ').trim() : ''; }
    set title(v) {
      let t = this.querySelector('title');
      if (!t) { t = this.createElement('title'); if (this.head) this.head.appendChild(t); }
      t.textContent = v;
    }
    // Chrome keeps no cookies for file:// pages (the only ones without a network): reads are empty, writes dropped
    get cookie() {
      if (location.protocol !== 'file:') throw new TypeError('document.cookie is not implemented by the simulated browser');
      return '';
    }
    set cookie(v) {
      if (location.protocol !== 'file:') throw new TypeError('document.cookie is not implemented by the simulated browser');
    }
    get URL() { return location.href; }
    get location() { return location; }
    get defaultView() { return global; }
    createElement(tag) {
      tag = String(tag);
      if (!/^[A-Za-z][\w-]*$/.test(tag)) throw domError('InvalidCharacterError', "Failed to execute 'createElement' on 'Document': The tag name provided ('" + tag + "') is not a valid name.");
      return new Element_(tag, this);
    }
    createTextNode(text) { return new Text_(text, this); }
    createComment(text) { return new Comment_(text, this); }
    createDocumentFragment() { return new Fragment_(this); }
    createEvent(kind) { return new Event_(''); }
    getElementById(id) { return descendants(this).find((e) => e.id === String(id)) || null; }
    getElementsByName(name) { return descendants(this).filter((e) => e.getAttribute('name') === String(name)); }
    querySelector(sel) { return Element_.prototype.querySelector.call(this, sel); }
    querySelectorAll(sel) { return Element_.prototype.querySelectorAll.call(this, sel); }
    getElementsByTagName(tag) { return Element_.prototype.getElementsByTagName.call(this, tag); }
    getElementsByClassName(n) { return Element_.prototype.getElementsByClassName.call(this, n); }
  }
  for (const type of EVENTS) {
    Object.defineProperty(Document_.prototype, 'on' + type.toLowerCase(), Object.getOwnPropertyDescriptor(Element_.prototype, 'on' + type.toLowerCase()));
  }

  // -- URLs -----------------------------------------------------------------------------------------------------

  // The page's address; giving it another (href, assign, replace, reload) asks the browser to navigate there.
  let here = 'about:blank';
  const location = {
    get href() { return here; },
    set href(v) { navigation = resolveUrl(String(v)); },
    assign(v) { navigation = resolveUrl(String(v)); },
    replace(v) { navigation = resolveUrl(String(v)); },
    reload() { navigation = here; },
    toString() { return here; },
  };
  function resolveUrl(ref) {
    try { return new URL(ref, here).href; } catch (e) { return String(ref); }
  }
  if (typeof URL === 'undefined') {
    // V8 without a browser has no URL class: a small one for absolute and relative references
    global.URL = class URL_ {
      constructor(ref, base) {
        ref = String(ref).trim();
        const abs = /^[a-z][a-z0-9+.-]*:/i.test(ref);
        if (!abs && base === undefined) throw new TypeError("Failed to construct 'URL': Invalid URL");
        let href = ref;
        if (!abs) {
          const b = new URL_(String(base));
          if (ref.startsWith('//')) href = b.protocol + ref;
          else if (ref.startsWith('/')) href = b.origin + ref;
          else if (ref.startsWith('?')) href = b.origin + b.pathname + ref;
          else if (ref.startsWith('#')) href = b.origin + b.pathname + b.search + ref;
          else if (ref === '') href = b.origin + b.pathname + b.search;
          else href = b.origin + b.pathname.replace(/[^/]*$/, '') + ref;
        }
        const m = /^([a-z][a-z0-9+.-]*:)(\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(href);
        this.protocol = m[1].toLowerCase();
        this.host = m[3] || '';
        this.hostname = this.host.replace(/:\d+$/, '');
        this.port = (/:(\d+)$/.exec(this.host) || ['', ''])[1];
        const parts = [];
        for (const seg of (m[4] || '/').split('/').slice(1)) {
          if (seg === '..') parts.pop(); else if (seg !== '.') parts.push(seg);
        }
        this.pathname = '/' + parts.join('/');
        this.search = m[5] && m[5] !== '?' ? m[5] : '';
        this.hash = m[6] && m[6] !== '#' ? m[6] : '';
      }
      get origin() { return this.protocol + (this.protocol === 'file:' || this.host ? '//' : '') + this.host; }
      get href() { return this.origin + this.pathname + this.search + this.hash; }
      toString() { return this.href; }
    };
  }

  // -- HTML: a parser for innerHTML (the document itself comes parsed from lxml) and a serializer -------------

  const RAW = new Set(['script', 'style', 'textarea', 'title']);
  const ENTITIES = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9',
    times: '\u00d7', divide: '\u00f7', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', laquo: '\u00ab',
    raquo: '\u00bb', euro: '\u20ac', deg: '\u00b0'};
  function decode(text) {
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (all, e) => {
      if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      return ENTITIES[e.toLowerCase()] ?? all;
    });
  }
  // Closing rules enough for ordinary markup: a <p> ends at the next block, an <li> at the next <li>...
  const CLOSES = {p: /^(p|div|h[1-6]|ul|ol|table|form|section|header|footer|pre|blockquote)$/, li: /^li$/,
    option: /^option$/, tr: /^tr$/, td: /^(td|th|tr)$/, th: /^(td|th|tr)$/};
  function parseHTML(html, doc, context) {
    const root = new Fragment_(doc);
    const stack = [root];
    const top = () => stack[stack.length - 1];
    const re = /<!--([\s\S]*?)-->|<!\[CDATA\[[\s\S]*?\]\]>|<!(?:doctype)?[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
    let at = 0, m;
    const text = (t) => { if (t) top().appendChild(new Text_(decode(t), doc)); };
    if (context && RAW.has(context)) { text(html); return root.childNodes.slice(); }
    while ((m = re.exec(html))) {
      text(html.slice(at, m.index));
      at = re.lastIndex;
      if (m[1] !== undefined) { top().appendChild(new Comment_(m[1], doc)); continue; }
      if (m[2]) {
        const tag = m[2].toLowerCase();
        const i = stack.map((n) => n.localName).lastIndexOf(tag);
        if (i > 0) stack.length = i;
        continue;
      }
      if (!m[3]) continue;
      const tag = m[3].toLowerCase();
      while (stack.length > 1 && CLOSES[top().localName] && CLOSES[top().localName].test(tag)) stack.pop();
      const el = doc.createElement(tag);
      const attrRe = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
      let a;
      while ((a = attrRe.exec(m[4]))) el.setAttribute(a[1], decode(a[2] ?? a[3] ?? a[4] ?? ''));
      top().appendChild(el);
      if (RAW.has(tag)) {
        const end = html.toLowerCase().indexOf('</' + tag, at);
        const body = html.slice(at, end < 0 ? html.length : end);
        if (body) el.appendChild(new Text_(tag === 'script' || tag === 'style' ? body : decode(body), doc));
        at = end < 0 ? html.length : html.indexOf('>', end) + 1;
        re.lastIndex = at;
      } else if (!VOID.has(tag) && !m[5]) {
        stack.push(el);
      }
    }
    text(html.slice(at));
    return root.childNodes.slice();
  }
  const escText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
  function serializeHTML(n) {
    if (n.nodeType === 3) {
      const p = n.parentNode && n.parentNode.localName;
      return p === 'script' || p === 'style' ? n.data : escText(n.data);
    }
    if (n.nodeType === 8) return '<!--' + n.data + '-->';
    if (n.nodeType !== 1) return n.childNodes.map(serializeHTML).join('');
    const attrs = n.__attrs.map(([k, v]) => ' ' + k + '="' + v.replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '"').join('');
    if (VOID.has(n.localName)) return '<' + n.localName + attrs + '>';
    return '<' + n.localName + attrs + '>' + n.childNodes.map(serializeHTML).join('') + '</' + n.localName + '>';
  }

  // -- selectors ------------------------------------------------------------------------------------------------

  const selectorCache = new Map();
  // A selector list as a test of one element: compounds of tag, #id, .class, [attr], [attr=value] and a few
  // structural pseudo-classes, joined by descendant or child combinators. Anything else is a SyntaxError, as a
  // browser gives for a selector it cannot parse.
  function compileSelector(text) {
    text = String(text);
    if (selectorCache.has(text)) return selectorCache.get(text);
    const alternatives = text.split(',').map((part) => compileComplex(part.trim(), text));
    const test = (el) => alternatives.some((t) => t(el));
    selectorCache.set(text, test);
    return test;
  }
  function compileComplex(text, whole) {
    const tokens = text.replace(/\s*>\s*/g, ' > ').split(/\s+/).filter(Boolean);
    if (!tokens.length) throw domError('SyntaxError', "'" + whole + "' is not a valid selector.");
    const steps = [];  // [combinator, compound test], right to left
    let comb = ' ';
    for (const tok of tokens) {
      if (tok === '>') { comb = '>'; continue; }
      steps.push([comb, compileCompound(tok, whole)]);
      comb = ' ';
    }
    return (el) => matchSteps(el, steps, steps.length - 1);
  }
  function matchSteps(el, steps, i) {
    if (!steps[i][1](el)) return false;
    if (i === 0) return true;
    const comb = steps[i][0];
    for (let p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) {
      if (matchSteps(p, steps, i - 1)) return true;
      if (comb === '>') return false;
    }
    return false;
  }
  function compileCompound(tok, whole) {
    const tests = [];
    const re = /^(\*|[a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]*)))?\s*\]|:(first-child|last-child|checked|disabled|enabled|not\(([^)]*)\))/y;
    let at = 0;
    while (at < tok.length) {
      re.lastIndex = at;
      const m = re.exec(tok);
      if (!m) throw domError('SyntaxError', "Failed to execute 'querySelectorAll' on 'Document': '" + whole + "' is not a valid selector.");
      at = re.lastIndex;
      if (m[1] && m[1] !== '*') { const tag = m[1].toLowerCase(); tests.push((e) => e.localName === tag); }
      if (m[2]) tests.push((e) => e.id === m[2]);
      if (m[3]) tests.push((e) => e.classList.contains(m[3]));
      if (m[4]) {
        const name = m[4], op = m[5], want = m[6] ?? m[7] ?? m[8];
        tests.push((e) => {
          const v = e.getAttribute(name);
          if (v === null) return false;
          switch (op) {
            case undefined: return true;
            case '=': return v === want;
            case '~=': return v.split(/\s+/).includes(want);
            case '^=': return v.startsWith(want);
            case '$=': return v.endsWith(want);
            case '*=': return v.includes(want);
            default: return v === want || v.startsWith(want + '-');
          }
        });
      }
      if (m[9] === 'first-child') tests.push((e) => e.parentNode && e.parentNode.children[0] === e);
      if (m[9] === 'last-child') tests.push((e) => e.parentNode && e.parentNode.lastElementChild === e);
      if (m[9] === 'checked') tests.push((e) => !!e.checked);
      if (m[9] === 'disabled') tests.push((e) => e.disabled);
      if (m[9] === 'enabled') tests.push((e) => !e.disabled);
      if (m[10] !== undefined) { const inner = compileSelector(m[10]); tests.push((e) => !inner(e)); }
    }
    return (e) => e.nodeType === 1 && tests.every((t) => t(e));
  }
  function specificity(sel) {
    const ids = (sel.match(/#[\w-]+/g) || []).length;
    const classes = (sel.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g) || []).length;
    const tags = (sel.replace(/[#.][\w-]+|\[[^\]]*\]|:[\w-]+(\([^)]*\))?/g, ' ').match(/[a-zA-Z][\w-]*/g) || []).length;
    return ids * 10000 + classes * 100 + tags;
  }

  // -- style sheets and computed style -------------------------------------------------------------------------

  let sheetKey = null, sheetRules = [];
  function rules() {
    // <style> elements and the style sheets <link> elements loaded (their text kept as __css), in document order
    const texts = document.querySelectorAll('style, link').map((s) => (s.localName === 'style' ? s.textContent : s.__css || ''));
    const key = texts.join('\u0000');
    if (key === sheetKey) return sheetRules;
    sheetKey = key;
    sheetRules = [];
    let order = 0;
    for (const css of texts) {
      const flat = css.replace(/\/\*[\s\S]*?\*\//g, '');
      // top-level rules only: @media and other at-rule blocks are skipped whole
      let depth = 0, start = 0;
      for (let i = 0; i < flat.length; i++) {
        if (flat[i] === '{') depth++;
        else if (flat[i] === '}') {
          depth--;
          if (depth === 0) {
            const block = flat.slice(start, i + 1);
            start = i + 1;
            const open = block.indexOf('{');
            const selector = block.slice(0, open).trim();
            if (selector.startsWith('@')) continue;
            const decls = parseDecls(block.slice(open + 1, -1));
            for (const sel of selector.split(',')) {
              let test;
              try { test = compileSelector(sel.trim()); } catch (e) { continue; }  // a selector it cannot parse: skipped, as CSS does
              sheetRules.push({test, spec: specificity(sel), order: order++, decls});
            }
          }
        }
      }
    }
    return sheetRules;
  }
  const BLOCK = /^(html|body|div|p|h[1-6]|ul|ol|li|form|section|header|footer|nav|main|article|aside|pre|blockquote|table|tbody|thead|tr|fieldset|figure|dl|dt|dd|hr|center|address|details|summary)$/;
  const HIDDEN_TAGS = /^(head|script|style|title|meta|link|template|noscript|base)$/;
  const UA = {
    body: {margin: '8px'}, h1: {'font-size': '2em', margin: '0.67em 0', 'font-weight': 'bold'},
    h2: {'font-size': '1.5em', margin: '0.83em 0', 'font-weight': 'bold'},
    h3: {'font-size': '1.17em', margin: '1em 0', 'font-weight': 'bold'}, h4: {margin: '1.33em 0'},
    p: {margin: '1em 0'}, ul: {margin: '1em 0', 'padding-left': '40px'}, ol: {margin: '1em 0', 'padding-left': '40px'},
    button: {'font-size': '13.333px', padding: '1px 6px', border: '2px'},
    input: {'font-size': '13.333px', padding: '1px 2px', border: '2px'},
    textarea: {'font-size': '13.333px', padding: '2px', border: '1px'},
    select: {'font-size': '13.333px', border: '1px'}, center: {'text-align': 'center'}, tr: {display: 'flex'},
    td: {display: 'table-cell', padding: '1px'}, th: {display: 'table-cell', padding: '1px', 'font-weight': 'bold'},

  };
  const INHERITED = ['color', 'font-size', 'visibility', 'text-align', 'font-weight'];
  function computed(el) {
    if (el.__cs && el.__csv === version) return el.__cs;
    const parent = el.parentNode && el.parentNode.nodeType === 1 ? computed(el.parentNode) : null;
    const own = Object.assign({}, UA[el.localName] || {});
    const matched = rules().filter((r) => r.test(el)).sort((a, b) => a.spec - b.spec || a.order - b.order);
    matched.forEach((r) => Object.assign(own, r.decls));
    Object.assign(own, parseDecls(el.getAttribute('style') || ''));
    const cs = {};
    for (const p of INHERITED) cs[p] = parent ? parent[p] : '';
    const pFont = parent ? parent.fontSize : 16;
    for (const [k, v] of Object.entries(own)) if (v !== 'inherit') cs[k] = v;
    cs.fontSize = length(cs['font-size'], pFont, pFont) || (cs['font-size'] ? pFont : pFont);
    if (!cs['font-size']) cs.fontSize = pFont;
    cs.display = HIDDEN_TAGS.test(el.localName) || el.hasAttribute('hidden') ? 'none'
      : own.display || (BLOCK.test(el.localName) ? 'block' : /^(button|input|select|textarea|canvas|img)$/.test(el.localName) ? 'inline-block' : 'inline');
    if (el.localName === 'input' && el.type === 'hidden') cs.display = 'none';
    cs.background = colorIn(own['background-color']) || colorIn(own.background) || null;
    cs.color = cs.color || 'black';
    el.__cs = cs;
    el.__csv = version;
    return cs;
  }
  function colorIn(value) {
    if (!value) return null;
    for (const tok of String(value).split(/\s+(?![^(]*\))/)) { const c = parseColor(tok); if (c) return c[3] ? c : null; }
    return null;
  }
  // A CSS length in px (em against `font`, % against `of`), or null for auto / what it does not know.
  function length(value, font, of) {
    if (value === undefined || value === null) return null;
    const m = /^(-?[\d.]+)(px|em|rem|%|vw|vh|pt)?$/.exec(String(value).trim());
    if (!m) return null;
    const n = parseFloat(m[1]);
    switch (m[2]) {
      case 'em': return n * font;
      case 'rem': return n * 16;
      case '%': return of === undefined ? null : n * of / 100;
      case 'vw': return n * viewport.width / 100;
      case 'vh': return n * viewport.height / 100;
      case 'pt': return n * 4 / 3;
      default: return n;
    }
  }
  function sides(cs, name, font, of) {
    const all = String(cs[name] || '0').split(/\s+/).map((v) => length(v, font, of) || 0);
    const [t, r = t, b = t, l = r] = all;
    const side = (s, d) => { const v = cs[name + '-' + s]; return v === undefined ? d : (length(v, font, of) || 0); };
    return {t: side('top', t), r: side('right', r), b: side('bottom', b), l: side('left', l)};
  }
  function borderWidth(cs) {
    const m = /(\d+(?:\.\d+)?)px/.exec(cs.border || '');
    if (cs.border === 'none' || cs.border === '0') return 0;
    if (m) return parseFloat(m[1]);
    return /^\d/.test(cs.border || '') ? parseFloat(cs.border) : 0;
  }
  global.getComputedStyle = (el) => {
    const cs = computed(el);
    return new Proxy({}, {get: (t, k) => {
      if (k === 'getPropertyValue') return (name) => cs[name] || '';
      if (k === 'display') return cs.display;
      if (k === 'backgroundColor') return cs.background ? 'rgb(' + cs.background.slice(0, 3).join(', ') + ')' : 'rgba(0, 0, 0, 0)';
      if (k === 'fontSize') return cs.fontSize + 'px';
      return typeof k === 'string' ? (cs[kebab(k)] || '') : undefined;
    }});
  };

  // -- layout: block, inline and flex, enough for boxes and getBoundingClientRect -------------------------------

  const viewport = {width: 412, height: 800};
  let laidOut = -1, lineNo = 0;  // line boxes are numbered, so the views can keep a page's lines apart
  function layout() {
    if (laidOut === version || !document.documentElement) return;
    layoutBlock(document.documentElement, 0, 0, viewport.width);
    laidOut = version;
  }
  function shown(n) { return n.nodeType === 3 ? /\S/.test(n.data) : n.nodeType === 1 && computed(n).display !== 'none'; }
  const isInline = (n) => n.nodeType === 3 || /^inline/.test(computed(n).display);
  function textSize(text, font, width) {
    const w = text.replace(/\s+/g, ' ').trim().length * font * 0.55;
    const lines = width > 0 ? Math.max(1, Math.ceil(w / width - 1e-6)) : 1;
    return {w: Math.min(w, width > 0 ? width : w), h: lines * font * 1.25};
  }
  // Lays out a box (margins at x, y, within width `avail`); returns its outer height.
  function layoutBlock(el, x, y, avail, shrink) {
    const cs = computed(el);
    const font = cs.fontSize;
    const m = sides(cs, 'margin', font, avail), p = sides(cs, 'padding', font, avail), b = borderWidth(cs);
    const fixedW = length(cs.width, font, avail);
    const extra = p.l + p.r + 2 * b;
    let w = fixedW !== null ? fixedW + extra : (shrink ? Math.min(intrinsic(el, avail), avail - m.l - m.r) : avail - m.l - m.r);
    const max = length(cs['max-width'], font, avail);
    if (max !== null) w = Math.min(w, max + extra);
    let inner;
    const cx = x + m.l + b + p.l, cy = y + m.t + b + p.t, cw = Math.max(0, w - extra);
    if (el.localName === 'canvas') inner = el.height;
    else if (el.localName === 'img') inner = el.height;
    else if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) inner = 13;
    else if (/^(input|select)$/.test(el.localName)) inner = font * 1.25;
    else if (el.localName === 'textarea') inner = font * 1.25 * 2;
    else if (cs.display === 'flex' && cs['flex-direction'] !== 'column') inner = layoutFlex(el, cx, cy, cw);
    else inner = layoutFlow(el, cx, cy, cw, cs);
    const fixedH = length(cs.height, font);
    const h = (fixedH !== null ? fixedH : inner) + p.t + p.b + 2 * b;
    el.__box = {x: x + m.l, y: y + m.t, w, h};
    return m.t + h + m.b;
  }
  function intrinsic(el, avail) {
    if (el.nodeType === 3) return textSize(el.data, 16, 0).w;
    const cs = computed(el), font = cs.fontSize;
    const p = sides(cs, 'padding', font, avail);
    const extra = p.l + p.r + 2 * borderWidth(cs);
    const fixed = length(cs.width, font, avail);
    if (fixed !== null) return fixed + extra;
    if (el.localName === 'canvas' || el.localName === 'img') return el.width + extra;
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) return 13 + extra;
    if (/^(input|select|textarea)$/.test(el.localName)) return font * 11.5 + extra;
    let sum = 0, widest = 0;
    for (const c of el.childNodes.filter(shown)) {
      const w = c.nodeType === 3 ? textSize(c.data, font, 0).w : intrinsic(c, avail) + sides(computed(c), 'margin', font, avail).l + sides(computed(c), 'margin', font, avail).r;
      if (isInline(c) || cs.display === 'flex') sum += w; else { widest = Math.max(widest, sum, w); sum = 0; }
    }
    return Math.min(Math.max(widest, sum) + extra, avail);
  }
  function layoutFlow(el, x, y, width, cs) {
    let cy = y, line = [], lx = 0, lh = 0, at = ++lineNo;
    const flush = () => {
      if (!line.length) return;
      const offset = cs['text-align'] === 'center' ? Math.max(0, (width - lx) / 2) : cs['text-align'] === 'right' ? Math.max(0, width - lx) : 0;
      for (const item of line) shiftBox(item, offset, 0);
      cy += lh; line = []; lx = 0; lh = 0; at = ++lineNo;
    };
    for (const c of el.childNodes) {
      if (c.nodeType === 1 && c.localName === 'br') { if (!line.length) cy += cs.fontSize * 1.25; flush(); continue; }
      if (!shown(c)) continue;
      if (!isInline(c)) { flush(); at = ++lineNo; cy += layoutBlock(c, x, cy, width); continue; }
      let w, h;
      if (c.nodeType === 3) {
        const size = textSize(c.data, cs.fontSize, width);
        if (lx && lx + size.w > width) flush();
        c.__box = {x: x + lx, y: cy, w: size.w, h: size.h};
        w = size.w; h = size.h;
      } else {
        const ccs = computed(c);
        const want = computed(c).display === 'inline' && !/^(button|input|select|textarea|canvas|img)$/.test(c.localName)
          ? intrinsic(c, width) : intrinsic(c, width) + sides(ccs, 'margin', ccs.fontSize, width).l + sides(ccs, 'margin', ccs.fontSize, width).r;
        if (lx && lx + want > width) flush();
        h = layoutBlock(c, x + lx, cy, Math.min(want, width - lx) || want, true);
        w = want;
      }
      line.push(c);
      c.__line = at;
      lx += w; lh = Math.max(lh, h);
    }
    flush();
    return cy - y;
  }
  function layoutFlex(el, x, y, width) {
    const cs = computed(el);
    const wrap = /wrap/.test(cs['flex-wrap'] || cs['flex-flow'] || '');
    let cy = y, lx = 0, lh = 0, line = [], at = ++lineNo;
    const flush = () => {
      const j = cs['justify-content'];
      const offset = j === 'center' ? Math.max(0, (width - lx) / 2) : j === 'flex-end' || j === 'end' ? Math.max(0, width - lx) : 0;
      for (const item of line) shiftBox(item, offset, 0);
      cy += lh; lx = 0; lh = 0; line = []; at = ++lineNo;
    };
    for (const c of el.childNodes.filter(shown)) {
      const ccs = c.nodeType === 1 ? computed(c) : null;
      const mm = ccs ? sides(ccs, 'margin', ccs.fontSize, width) : {l: 0, r: 0};
      const want = (c.nodeType === 3 ? textSize(c.data, cs.fontSize, 0).w : intrinsic(c, width)) + mm.l + mm.r;
      if (wrap && lx && lx + want > width) flush();
      let h;
      if (c.nodeType === 3) { const s = textSize(c.data, cs.fontSize, 0); c.__box = {x: x + lx, y: cy, w: s.w, h: s.h}; h = s.h; } else h = layoutBlock(c, x + lx, cy, want, true);
      line.push(c);
      c.__line = at;
      lx += want; lh = Math.max(lh, h);
    }
    flush();
    return cy - y;
  }
  function shiftBox(n, dx, dy) {
    if (!dx && !dy) return;
    if (n.__box) { n.__box.x += dx; n.__box.y += dy; }
    n.childNodes.forEach((c) => shiftBox(c, dx, dy));
  }

  // -- events ---------------------------------------------------------------------------------------------------

  class Event_ {
    constructor(type, init) {
      init = init || {};
      this.type = String(type);
      this.bubbles = !!init.bubbles;
      this.cancelable = !!init.cancelable;
      this.composed = !!init.composed;
      this.defaultPrevented = false;
      this.target = this.currentTarget = null;
      this.eventPhase = 0;
      this.isTrusted = false;
      this.timeStamp = clock;
      this.__stop = this.__stopNow = false;
      for (const [k, v] of Object.entries(init)) if (!(k in this)) this[k] = v;
    }
    preventDefault() { if (this.cancelable) this.defaultPrevented = true; }
    stopPropagation() { this.__stop = true; }
    stopImmediatePropagation() { this.__stop = this.__stopNow = true; }
    initEvent(type, bubbles, cancelable) { this.type = type; this.bubbles = !!bubbles; this.cancelable = !!cancelable; }
    get returnValue() { return !this.defaultPrevented; }
    composedPath() { return this.__path || []; }
  }
  class UIEvent_ extends Event_ {}
  class MouseEvent_ extends UIEvent_ {
    constructor(type, init) {
      super(type, init);
      init = init || {};
      for (const k of ['clientX', 'clientY', 'screenX', 'screenY', 'button', 'buttons', 'detail']) this[k] = init[k] || 0;
      this.pageX = this.x = this.clientX;
      this.pageY = this.y = this.clientY;
      this.offsetX = init.offsetX || 0;
      this.offsetY = init.offsetY || 0;
      this.ctrlKey = this.shiftKey = this.altKey = this.metaKey = false;
    }
  }
  class PointerEvent_ extends MouseEvent_ {
    constructor(type, init) {
      super(type, init);
      init = init || {};
      this.pointerId = init.pointerId || 1;
      this.pointerType = init.pointerType || 'touch';
      this.isPrimary = true;
      this.pressure = init.pressure || 0;
      this.width = this.height = 1;
    }
  }
  class TouchEvent_ extends UIEvent_ {
    constructor(type, init) {
      super(type, init);
      init = init || {};
      this.touches = init.touches || [];
      this.targetTouches = init.targetTouches || this.touches;
      this.changedTouches = init.changedTouches || [];
    }
  }
  class KeyboardEvent_ extends UIEvent_ {
    constructor(type, init) {
      super(type, init);
      init = init || {};
      this.key = init.key || '';
      this.code = init.code || '';
      this.keyCode = this.which = init.keyCode || 0;
      this.ctrlKey = this.shiftKey = this.altKey = this.metaKey = this.repeat = false;
    }
  }
  class InputEvent_ extends UIEvent_ {
    constructor(type, init) { super(type, init); this.data = (init && init.data) ?? null; this.inputType = (init && init.inputType) || ''; }
  }
  class CustomEvent_ extends Event_ {
    constructor(type, init) { super(type, init); this.detail = (init && init.detail) ?? null; }
  }

  function handlerOf(node, type) {
    const h = node.__handlers && node.__handlers[type.toLowerCase()];
    return typeof h === 'function' ? h : null;
  }
  function invoke(fn, node, event) {
    try {
      const r = typeof fn === 'function' ? fn.call(node, event) : fn.handleEvent(event);
      if (r === false) event.preventDefault();
    } catch (e) {
      report(e, fn.__line);
    }
  }
  function dispatch(target, event) {
    event.target = target;
    const path = [];
    for (let n = target; n; n = n.parentNode) path.push(n);
    if (path[path.length - 1] === document) path.push(global);
    event.__path = path;
    const fire = (node, phase) => {
      if (event.__stop && node !== target) return;
      event.currentTarget = node;
      event.eventPhase = phase;
      const listeners = node === global ? windowListeners : node.__listeners;
      if (phase !== 1 && node !== global) { const h = handlerOf(node, event.type); if (h) invoke(h, node, event); }
      if (phase !== 1 && node === global && windowHandlers[event.type]) invoke(windowHandlers[event.type], node, event);
      for (const l of listeners.slice()) {
        if (event.__stopNow) break;
        if (l.type !== event.type || (phase === 1 && !l.capture) || (phase === 3 && l.capture)) continue;
        if (l.once) listeners.splice(listeners.indexOf(l), 1);
        invoke(l.fn, node, event);
      }
    };
    for (let i = path.length - 1; i > 0 && !event.__stop; i--) fire(path[i], 1);
    if (!event.__stop) fire(target, 2);
    if (event.bubbles) for (let i = 1; i < path.length && !event.__stop; i++) fire(path[i], 3);
    event.currentTarget = null;
    event.eventPhase = 0;
    return !event.defaultPrevented;
  }
  const windowListeners = [];
  const windowHandlers = {};
  global.addEventListener = function (type, fn, options) {
    const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
    if (fn && !windowListeners.some((l) => l.type === type && l.fn === fn && l.capture === capture)) {
      windowListeners.push({type, fn, capture, once: !!(options && options.once)});
    }
  };
  global.removeEventListener = function (type, fn) {
    const i = windowListeners.findIndex((l) => l.type === type && l.fn === fn);
    if (i >= 0) windowListeners.splice(i, 1);
  };
  global.dispatchEvent = (event) => dispatch(document, event);
  for (const type of ['load', 'resize', 'scroll', 'error', 'beforeunload', 'unload', 'keydown', 'keyup', 'click']) {
    Object.defineProperty(global, 'on' + type, {get: () => windowHandlers[type] || null,
      set: (fn) => { windowHandlers[type] = typeof fn === 'function' ? fn : null; }, configurable: true});
  }

  // What a tap does after its events: follow a link, submit a form, toggle a box.
  let navigation = null;
  function activate(el, at) {
    let box = null;
    if (el.type === 'checkbox' || el.type === 'radio') { box = el.checked; el.checked = el.type === 'radio' ? true : !box; }
    const ok = dispatch(el, new MouseEvent_('click', Object.assign({bubbles: true, cancelable: true, detail: 1}, at)));
    if (!ok) { if (box !== null) el.checked = box; return; }
    if (box !== null) {
      dispatch(el, new Event_('input', {bubbles: true}));
      dispatch(el, new Event_('change', {bubbles: true}));
      return;
    }
    const link = el.closest('a[href]');
    if (link) { navigation = link.href; return; }
    const submitter = el.closest('button, input');
    if (submitter && submitter.form && !submitter.disabled
        && ((submitter.localName === 'button' && submitter.type === 'submit') || (submitter.localName === 'input' && submitter.type === 'submit'))) {
      submitForm(submitter.form);
    }
  }
  function submitForm(form) {
    if (dispatch(form, new Event_('submit', {bubbles: true, cancelable: true}))) navigateForm(form);
  }
  function navigateForm(form) {
    const pairs = form.querySelectorAll('input, select, textarea')
      .filter((i) => i.name && !i.disabled && !(['checkbox', 'radio'].includes(i.type) && !i.checked) && !['submit', 'button'].includes(i.type))
      .map((i) => encodeURIComponent(i.name).replace(/%20/g, '+') + '=' + encodeURIComponent(i.value).replace(/%20/g, '+'));
    const action = resolveUrl(form.getAttribute('action') || location.href).replace(/[?#].*$/, '');
    navigation = action + '?' + pairs.join('&');
  }

  // -- the 2D canvas --------------------------------------------------------------------------------------------

  class Context2D {
    constructor(canvas) {
      this.canvas = canvas;
      this.__reset();
    }
    __reset() {
      this.__w = this.canvas.width;
      this.__h = this.canvas.height;
      this.__px = new Uint8ClampedArray(this.__w * this.__h * 4);
      this.__path = [];
      this.__stack = [];
      this.__s = {fill: [0, 0, 0, 255], stroke: [0, 0, 0, 255], lineWidth: 1, lineCap: 'butt', lineJoin: 'miter',
        alpha: 1, composite: 'source-over'};
    }
    get fillStyle() { return canvasColor(this.__s.fill); }
    set fillStyle(v) { const c = parseColor(v); if (c) this.__s.fill = c; }
    get strokeStyle() { return canvasColor(this.__s.stroke); }
    set strokeStyle(v) { const c = parseColor(v); if (c) this.__s.stroke = c; }
    get lineWidth() { return this.__s.lineWidth; }
    set lineWidth(v) { v = Number(v); if (v > 0 && isFinite(v)) this.__s.lineWidth = v; }
    get lineCap() { return this.__s.lineCap; }
    set lineCap(v) { if (['butt', 'round', 'square'].includes(v)) this.__s.lineCap = v; }
    get lineJoin() { return this.__s.lineJoin; }
    set lineJoin(v) { if (['miter', 'round', 'bevel'].includes(v)) this.__s.lineJoin = v; }
    get globalAlpha() { return this.__s.alpha; }
    set globalAlpha(v) { v = Number(v); if (v >= 0 && v <= 1) this.__s.alpha = v; }
    get globalCompositeOperation() { return this.__s.composite; }
    set globalCompositeOperation(v) {
      if (v !== 'source-over') throw new TypeError("globalCompositeOperation '" + v + "' is not implemented by the simulated browser");
    }
    save() { this.__stack.push(Object.assign({}, this.__s)); }
    restore() { if (this.__stack.length) this.__s = this.__stack.pop(); }
    beginPath() { this.__path = []; }
    moveTo(x, y) { this.__path.push([[+x, +y]]); }
    lineTo(x, y) {
      if (!this.__path.length) this.__path.push([]);
      this.__path[this.__path.length - 1].push([+x, +y]);
    }
    closePath() {
      const sub = this.__path[this.__path.length - 1];
      if (sub && sub.length) { sub.push(sub[0].slice()); this.__path.push([sub[0].slice()]); }
    }
    rect(x, y, w, h) { this.__path.push([[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]); this.__path.push([[x, y]]); }
    arc(cx, cy, r, a0, a1, ccw) {
      let sweep = a1 - a0;
      if (!ccw && sweep < 0) sweep = sweep % (2 * Math.PI) + 2 * Math.PI;
      if (ccw && sweep > 0) sweep = sweep % (2 * Math.PI) - 2 * Math.PI;
      if (Math.abs(a1 - a0) >= 2 * Math.PI) sweep = ccw ? -2 * Math.PI : 2 * Math.PI;
      const n = Math.max(8, Math.ceil(Math.abs(sweep) * Math.max(r, 1) / 2));
      for (let i = 0; i <= n; i++) {
        const a = a0 + sweep * i / n;
        this.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
    }
    stroke() {
      const s = this.__s, half = s.lineWidth / 2;
      for (const sub of this.__path) {
        if (sub.length === 1 && s.lineCap === 'round') this.__disc(sub[0][0], sub[0][1], half, s.stroke);
        for (let i = 1; i < sub.length; i++) {
          this.__segment(sub[i - 1], sub[i], half, s.lineCap, s.stroke);
          if (i > 1 && s.lineJoin === 'round') this.__disc(sub[i - 1][0], sub[i - 1][1], half, s.stroke);
        }
      }
    }
    fill() {
      const polys = this.__path.filter((sub) => sub.length > 2);
      this.__scan(polys, this.__s.fill);
    }
    fillRect(x, y, w, h) { this.__scan([[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]], this.__s.fill); }
    strokeRect(x, y, w, h) {
      const saved = this.__path;
      this.__path = [[[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]];
      this.stroke();
      this.__path = saved;
    }
    clearRect(x, y, w, h) {
      const [x0, y0, x1, y1] = this.__clip(x, y, x + w, y + h);
      for (let py = y0; py < y1; py++) this.__px.fill(0, (py * this.__w + x0) * 4, (py * this.__w + x1) * 4);
    }
    getImageData(x, y, w, h) {
      x = Math.floor(x); y = Math.floor(y); w = Math.floor(w); h = Math.floor(h);
      if (!w || !h) throw domError('IndexSizeError', "Failed to execute 'getImageData' on 'CanvasRenderingContext2D': The source width is 0.");
      const out = new ImageData_(w, h);
      for (let row = 0; row < h; row++) {
        const sy = y + row;
        if (sy < 0 || sy >= this.__h) continue;
        for (let col = 0; col < w; col++) {
          const sx = x + col;
          if (sx < 0 || sx >= this.__w) continue;
          const from = (sy * this.__w + sx) * 4, to = (row * w + col) * 4;
          out.data[to] = this.__px[from]; out.data[to + 1] = this.__px[from + 1];
          out.data[to + 2] = this.__px[from + 2]; out.data[to + 3] = this.__px[from + 3];
        }
      }
      return out;
    }
    putImageData(img, x, y) {
      for (let row = 0; row < img.height; row++) {
        for (let col = 0; col < img.width; col++) {
          const dx = x + col, dy = y + row;
          if (dx < 0 || dy < 0 || dx >= this.__w || dy >= this.__h) continue;
          const from = (row * img.width + col) * 4, to = (dy * this.__w + dx) * 4;
          for (let k = 0; k < 4; k++) this.__px[to + k] = img.data[from + k];
        }
      }
    }
    createImageData(w, h) { return typeof w === 'object' ? new ImageData_(w.width, w.height) : new ImageData_(w, h); }
    __clip(x0, y0, x1, y1) {
      const c = (v, hi) => Math.max(0, Math.min(hi, Math.round(v)));
      return [c(Math.min(x0, x1), this.__w), c(Math.min(y0, y1), this.__h), c(Math.max(x0, x1), this.__w), c(Math.max(y0, y1), this.__h)];
    }
    __plot(px, py, color) {
      const i = (py * this.__w + px) * 4, a = (color[3] / 255) * this.__s.alpha;
      if (a >= 1) { this.__px[i] = color[0]; this.__px[i + 1] = color[1]; this.__px[i + 2] = color[2]; this.__px[i + 3] = 255; return; }
      const da = this.__px[i + 3] / 255, oa = a + da * (1 - a);
      for (let k = 0; k < 3; k++) this.__px[i + k] = oa ? (color[k] * a + this.__px[i + k] * da * (1 - a)) / oa : 0;
      this.__px[i + 3] = oa * 255;
    }
    __disc(cx, cy, r, color) {
      const [x0, y0, x1, y1] = this.__clip(cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1);
      for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) {
        if ((px + 0.5 - cx) ** 2 + (py + 0.5 - cy) ** 2 <= r * r) this.__plot(px, py, color);
      }
    }
    // A segment of width 2*half: the pixels whose centre lies within it (its caps as lineCap says).
    __segment(a, b, half, cap, color) {
      const [ax, ay] = a, [bx, by] = b, dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
      const ext = cap === 'butt' ? 0 : half;
      const [x0, y0, x1, y1] = this.__clip(Math.min(ax, bx) - half - 1, Math.min(ay, by) - half - 1, Math.max(ax, bx) + half + 1, Math.max(ay, by) + half + 1);
      const len = Math.sqrt(len2);
      for (let py = y0; py < y1; py++) for (let px = x0; px < x1; px++) {
        const qx = px + 0.5 - ax, qy = py + 0.5 - ay;
        if (!len2) { if (cap !== 'butt' && qx * qx + qy * qy <= half * half) this.__plot(px, py, color); continue; }
        const along = (qx * dx + qy * dy) / len, across = Math.abs(qx * dy - qy * dx) / len;
        if (cap === 'round') {
          const t = Math.max(0, Math.min(len, along));
          const ex = qx - dx * t / len, ey = qy - dy * t / len;
          if (ex * ex + ey * ey <= half * half) this.__plot(px, py, color);
        } else if (along >= -ext && along <= len + ext && across <= half) {
          this.__plot(px, py, color);
        }
      }
    }
    // Polygons filled by the non-zero rule, a pixel painted when its centre is inside.
    __scan(polys, color) {
      let ys = [];
      polys.forEach((p) => p.forEach((q) => ys.push(q[1])));
      if (!ys.length) return;
      const [, y0, , y1] = this.__clip(0, Math.min(...ys), 0, Math.max(...ys));
      for (let py = y0; py < y1; py++) {
        const cy = py + 0.5, crossings = [];
        for (const poly of polys) {
          for (let i = 0; i < poly.length; i++) {
            const [x1, y1_] = poly[i], [x2, y2] = poly[(i + 1) % poly.length];
            if ((y1_ <= cy && y2 > cy) || (y2 <= cy && y1_ > cy)) {
              crossings.push([x1 + (cy - y1_) * (x2 - x1) / (y2 - y1_), y2 > y1_ ? 1 : -1]);
            }
          }
        }
        crossings.sort((p, q) => p[0] - q[0]);
        let wind = 0;
        for (let i = 0; i < crossings.length - 1; i++) {
          wind += crossings[i][1];
          if (!wind) continue;
          const xs = Math.max(0, Math.ceil(crossings[i][0] - 0.5)), xe = Math.min(this.__w, Math.ceil(crossings[i + 1][0] - 0.5));
          for (let px = xs; px < xe; px++) this.__plot(px, py, color);
        }
      }
    }
    // The colours painted, for the screen (the most used first).
    __colors() {
      const count = new Map();
      for (let i = 0; i < this.__px.length; i += 4) {
        if (!this.__px[i + 3]) continue;
        const c = '#' + hex2(this.__px[i]) + hex2(this.__px[i + 1]) + hex2(this.__px[i + 2]);
        count.set(c, (count.get(c) || 0) + 1);
      }
      return [...count.entries()].sort((a, b) => b[1] - a[1]).map((e) => e[0]);
    }
  }
  class ImageData_ {
    constructor(w, h) { this.width = w; this.height = h; this.data = new Uint8ClampedArray(w * h * 4); }
  }

  // -- the globals a page sees ----------------------------------------------------------------------------------

  const document = new Document_();
  Object.assign(global, {
    window: global, self: global, globalThis: global, document, location, Node: Node_, Element: Element_,
    HTMLElement: Element_, Text: Text_, Comment: Comment_, Document: Document_, DocumentFragment: Fragment_,
    Event: Event_, UIEvent: UIEvent_, MouseEvent: MouseEvent_, PointerEvent: PointerEvent_, TouchEvent: TouchEvent_,
    KeyboardEvent: KeyboardEvent_, InputEvent: InputEvent_, CustomEvent: CustomEvent_, ImageData: ImageData_,
    CanvasRenderingContext2D: Context2D, getComputedStyle: global.getComputedStyle,
    navigator: {userAgent: 'Mozilla/5.0 (Linux; Android 13; sdk_gphone_x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      language: 'en-US', languages: ['en-US'], platform: 'Linux x86_64', maxTouchPoints: 5, onLine: false},
    devicePixelRatio: 2.625,
  });
  Object.defineProperty(global, 'innerWidth', {get: () => viewport.width});
  Object.defineProperty(global, 'innerHeight', {get: () => viewport.height});

  // -- what Python calls --------------------------------------------------------------------------------------

  let ops = [], opAt = 0, building = [];
  // The rendered tree: per element its number, kind, id, text, box and colour; block children and lines.
  function serialize() {
    layout();
    const body = document.body;
    return body ? renderChildren(body) : [];
  }
  const LEAF = /^(button|input|select|textarea|canvas|img)$/;
  function rendered(n) {
    if (!shown(n)) return false;
    if (n.nodeType === 1 && computed(n).visibility === 'hidden') return false;
    return true;
  }
  // An element showing only text: its children are texts, or inline elements showing only text (no control, no
  // colour of their own, no link that it is not itself inside).
  function simpleText(el) {
    const inLink = !!el.closest('a[href]');
    return el.childNodes.every((c) => c.nodeType !== 1 || !rendered(c) || (isInline(c) && !LEAF.test(c.localName)
      && !computed(c).background && !!c.closest('a[href]') === inLink && simpleText(c)));
  }
  // Whether a tap on the element runs something of the page's (Chrome marks such nodes clickable).
  const TAPS = /^(click|mousedown|mouseup|pointerdown|pointerup|touchstart|touchend)$/;
  const takesTaps = (el) => !!handlerOf(el, 'click') || el.__listeners.some((l) => TAPS.test(l.type));
  function item(el) {
    const cs = computed(el), b = el.__box || {x: 0, y: 0, w: 0, h: 0};
    const out = {n: el.__nid, id: el.id, w: b.w, h: b.h, bg: cssHex(cs.background), size: cs.fontSize, tap: takesTaps(el)};
    const tag = el.localName;
    if (tag === 'button' || (tag === 'input' && ['button', 'submit', 'reset'].includes(el.type))) {
      return Object.assign(out, {k: 'button', text: norm(tag === 'input' ? el.value || (el.type === 'submit' ? 'Submit' : '') : el.textContent), on: !el.disabled});
    }
    if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) return Object.assign(out, {k: el.type, on: el.checked});
    if (tag === 'input' || tag === 'textarea') {
      return Object.assign(out, {k: 'field', text: el.value, hint: el.placeholder, kind: el.type, multi: tag === 'textarea'});
    }
    if (tag === 'select') return Object.assign(out, {k: 'text', text: norm(el.selectedOptions[0] ? el.selectedOptions[0].textContent : '')});
    if (tag === 'canvas') return Object.assign(out, {k: 'canvas', colors: el.__canvas ? el.__canvas.__colors().slice(0, 8) : []});
    if (tag === 'img') return Object.assign(out, {k: 'image', text: el.alt});
    const link = el.closest('a[href]');
    if (simpleText(el) && norm(el.textContent)) {
      return Object.assign(out, {k: link ? 'link' : 'text', text: norm(el.textContent), href: link ? link.href : ''});
    }
    return Object.assign(out, {k: 'box', c: renderChildren(el)});
  }
  const norm = (s) => String(s).replace(/[\s\u00a0]+/g, ' ').trim();
  // Children in order: a block child is an item; inline ones (and a flex row's items) make lines, each a row of
  // items as the layout broke them. An item in a line keeps its width (`fw`).
  function renderChildren(el) {
    const out = [];
    const cs = computed(el), flexRow = cs.display === 'flex' && cs['flex-direction'] !== 'column';
    let line = [], lineAt = null;
    const flush = () => {
      if (line.length === 1 && line[0].k !== 'box') out.push(line[0]);
      else if (line.length) out.push({k: 'line', c: line});
      line = [];
    };
    for (const c of el.childNodes) {
      if (c.nodeType === 1 && c.localName === 'br') { flush(); continue; }
      if (!rendered(c)) continue;
      let it;
      if (c.nodeType === 3) {
        const b = c.__box || {w: 0, h: 0};
        const link = el.closest('a[href]');
        it = {n: el.__nid, id: '', k: link ? 'link' : 'text', text: norm(c.data), w: b.w, h: b.h, size: computed(el).fontSize, href: link ? link.href : ''};
      } else {
        it = item(c);
        // an empty box shows only with a colour or a size of its own (a maze's cell)
        if (it.k === 'box' && !it.c.length && !it.bg && !(computed(c).width && computed(c).height)) continue;
      }
      if (c.nodeType === 3 || isInline(c) || flexRow) {
        if (line.length && c.__line !== lineAt) flush();
        lineAt = c.__line;
        it.fw = true;
        line.push(it);
      } else { flush(); out.push(it); }
    }
    flush();
    return out;
  }
  function hitPoint(el) {
    const r = el.getBoundingClientRect();
    return {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2};
  }
  function touch(el, x, y) { return {identifier: 0, target: el, clientX: x, clientY: y, pageX: x, pageY: y, screenX: x, screenY: y, radiusX: 1, radiusY: 1, force: 1}; }
  function pointerInit(el, x, y, kind) {
    const r = el.getBoundingClientRect();
    return {bubbles: true, cancelable: true, clientX: x, clientY: y, offsetX: x - r.left, offsetY: y - r.top, pointerType: kind, buttons: 1};
  }
  function result() {
    const lines = consoleLines.splice(0);
    const nav = navigation;
    navigation = null;
    const due = timers.length ? Math.min(...timers.map((t) => t.at)) : null;
    return JSON.stringify({console: lines, navigate: nav, title: document.title, clock, due});
  }
  function node(n) {
    const el = byId.get(n);
    if (!el) throw new Error('the page has no node ' + n);
    return el;
  }
  global.__dom = {
    // Starts a document: the page's address, its seed for Math.random, its clock (ms since 1970), the viewport,
    // and lxml's parse as a list
    // of operations in document order (open an element, a text, close).
    begin(url, seedValue, now, width, height, parsed) {
      epoch = now;
      here = url;
      const parts = new URL(url);
      for (const k of ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin']) {
        Object.defineProperty(location, k, {value: parts[k], enumerable: true});
      }
      seed = seedValue | 0;
      viewport.width = width; viewport.height = height;
      ops = parsed; opAt = 0; building = [document];
    },
    // Builds on until the next <script> (inserted, then handed back to run as a top-level script) or the end.
    resume() {
      while (opAt < ops.length) {
        const op = ops[opAt++];
        const top = building[building.length - 1];
        if (op[0] === 'text') top.appendChild(new Text_(op[1], document));
        else if (op[0] === 'close') building.pop();
        else {
          const el = new Element_(op[1], document);
          el.__line = op[3];
          if (op[1] === 'link') el.__css = op[4] || '';
          for (const [k, v] of op[2]) el.setAttribute(k, v);
          top.appendChild(el);
          building.push(el);
          if (op[1] === 'script') {
            const code = op[4];
            if (code) el.appendChild(new Text_(code, document));
            const type = (el.getAttribute('type') || '').toLowerCase();
            if (!type || /javascript|^module$/.test(type)) return JSON.stringify({script: code, src: el.getAttribute('src') || '', line: op[3] || 1});
          }
        }
      }
      return JSON.stringify(null);
    },
    // After the scripts: DOMContentLoaded, load, and the timers of the first second.
    loaded() {
      document.readyState = 'interactive';
      dispatch(document, new Event_('DOMContentLoaded', {bubbles: true}));
      document.readyState = 'complete';
      const body = document.body;
      const onload = body && handlerOf(body, 'load');
      const ev = new Event_('load');
      ev.target = document;
      if (windowHandlers.load) invoke(windowHandlers.load, global, ev);
      else if (onload) invoke(onload, body, ev);
      for (const l of windowListeners.slice()) if (l.type === 'load') invoke(l.fn, global, ev);
      runTimers(AFTER_EVENT);  // the page's first second, before anyone can act on it
      return result();
    },
    // What the page logged since the last call (after each script).
    take: () => result(),
    serialize: () => JSON.stringify(serialize()),
    // Time passing with no input, to `until` ms of page time: the timers due run.
    wait(until) {
      if (until > clock) runTimers(until - clock);
      return result();
    },
    // A tap: Chrome's touch and pointer events, then the compatibility mouse events and the click.
    click(n) {
      const el = node(n), p = hitPoint(el), t = touch(el, p.clientX, p.clientY);
      dispatch(el, new PointerEvent_('pointerdown', pointerInit(el, p.clientX, p.clientY, 'touch')));
      const started = dispatch(el, new TouchEvent_('touchstart', {bubbles: true, cancelable: true, touches: [t], changedTouches: [t]}));
      dispatch(el, new PointerEvent_('pointerup', pointerInit(el, p.clientX, p.clientY, 'touch')));
      const ended = dispatch(el, new TouchEvent_('touchend', {bubbles: true, cancelable: true, touches: [], changedTouches: [t]}));
      if (started && ended) {
        for (const type of ['mousemove', 'mousedown', 'mouseup']) dispatch(el, new MouseEvent_(type, Object.assign({bubbles: true, cancelable: true}, p)));
        if (!el.disabled) activate(el, p);
      }
      runTimers(AFTER_EVENT);
      return result();
    },
    // Typed text: the field's new value and an input event.
    input(n, value) {
      const el = node(n);
      el.focus();
      el.value = value;
      dispatch(el, new InputEvent_('input', {bubbles: true, data: value, inputType: 'insertText'}));
      runTimers(AFTER_EVENT);
      return result();
    },
    // Enter in a field: key events, change, and the form's implicit submission.
    enter(n) {
      const el = node(n), init = {bubbles: true, cancelable: true, key: 'Enter', code: 'Enter', keyCode: 13};
      if (dispatch(el, new KeyboardEvent_('keydown', init))) {
        dispatch(el, new KeyboardEvent_('keypress', init));
        dispatch(el, new Event_('change', {bubbles: true}));
        if (el.form && el.localName === 'input') submitForm(el.form);
      }
      dispatch(el, new KeyboardEvent_('keyup', init));
      runTimers(AFTER_EVENT);
      return result();
    },
    // A swipe on an element, as points in page coordinates (CSS px from the element's box).
    drag(n, points) {
      const el = node(n), r = el.getBoundingClientRect();
      const at = points.map(([x, y]) => [r.left + x, r.top + y]);
      const first = at[0], last = at[at.length - 1];
      const t = (p) => touch(el, p[0], p[1]);
      dispatch(el, new PointerEvent_('pointerdown', pointerInit(el, first[0], first[1], 'touch')));
      dispatch(el, new TouchEvent_('touchstart', {bubbles: true, cancelable: true, touches: [t(first)], changedTouches: [t(first)]}));
      for (const p of at.slice(1)) {
        dispatch(el, new PointerEvent_('pointermove', pointerInit(el, p[0], p[1], 'touch')));
        dispatch(el, new TouchEvent_('touchmove', {bubbles: true, cancelable: true, touches: [t(p)], changedTouches: [t(p)]}));
      }
      dispatch(el, new PointerEvent_('pointerup', pointerInit(el, last[0], last[1], 'touch')));
      dispatch(el, new TouchEvent_('touchend', {bubbles: true, cancelable: true, touches: [], changedTouches: [t(last)]}));
      runTimers(AFTER_EVENT);
      return result();
    },
  };
})(this);
//# sourceURL=web_dom.js
