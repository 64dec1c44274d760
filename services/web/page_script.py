"""The studio's few lines of browser script: keys, scrolling, the prompt's counter, links into the Memory tab.

Gradio runs these in the page (event `js=` hooks and one `demo.load`), so the
page reacts before the server answers: Ctrl/Cmd+Enter generates, Generate
scrolls to the stage, the finished comic's title is brought into view, an
error next to a field is shown where the person is looking. They only read
and move the page; nothing typed is ever turned into markup here.
"""

from __future__ import annotations

import json
from typing import Any

from services.schemas import PROMPT_MAX_CHARS
from services.story.caption_rules import CAPTION_MAX_CHARS

GENERATE_INPUTS = 7  # prompt, style, layout, panels, seed, language, browser key: what `ui_generate` takes

# Installed once when the page loads: global key and click handlers.
INSTALL = """
() => {
  if (window.bbInstalled) { return []; }
  window.bbInstalled = true;
  // "More options" is built open, so Gradio mounts its fields with the page (a closed accordion's fields are
  // mounted on first opening and get their first values put back a frame later, over what was typed). Fold it
  // now, before the reader can reach it: until the page is marked ready the stylesheet shows it folded.
  const options = document.querySelector('#more-options .label-wrap');
  if (options && options.classList.contains('open')) { options.click(); }
  document.documentElement.dataset.bbReady = 'true';
  // The colour scheme: the system's until the reader picks one with the header's toggle, then theirs on every
  // visit (Gradio marks <body> with `dark` from the system's preference; the stylesheet follows that class).
  const THEME_KEY = 'bayko-brown-theme';
  const showScheme = (scheme) => {
    document.body.classList.toggle('dark', scheme === 'dark');
    const toggle = document.querySelector('#bb-theme-toggle');
    if (toggle) { toggle.setAttribute('aria-pressed', scheme === 'dark' ? 'true' : 'false'); }
  };
  let chosen = null;
  try { chosen = localStorage.getItem(THEME_KEY); } catch (error) { chosen = null; }
  showScheme(chosen === 'dark' || chosen === 'light' ? chosen : (document.body.classList.contains('dark') ? 'dark' : 'light'));
  document.addEventListener('click', (event) => {
    if (!event.target.closest || !event.target.closest('#bb-theme-toggle')) { return; }
    const scheme = document.body.classList.contains('dark') ? 'light' : 'dark';
    try { localStorage.setItem(THEME_KEY, scheme); } catch (error) { /* private mode: this visit only */ }
    showScheme(scheme);
  });
  const setValue = (selector, value) => {
    const field = document.querySelector(selector);
    if (!field) { return false; }
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  };
  window.bbSetValue = setValue;
  const MEMORY_BOX = '#memory-id input, #memory-id textarea';
  // Smooth scrolling, unless the person asked their system for less motion.
  window.bbScroll = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) { return; }
    if (!event.target.closest || !event.target.closest('#prompt')) { return; }
    event.preventDefault();
    const button = document.querySelector('#generate');
    if (button && !button.disabled) { button.click(); }
  });
  document.addEventListener('click', (event) => {
    if (!event.target.closest) { return; }
    const item = event.target.closest('button.bb-history-item');
    if (item) {
      document.querySelectorAll('button.bb-history-item').forEach(
        (other) => other.setAttribute('aria-pressed', other === item ? 'true' : 'false'));
      setValue('#history-pick textarea, #history-pick input', item.dataset.session || '');
      return;
    }
    const pick = event.target.closest('button.bb-memory-pick');
    if (pick) { pickMemory(pick.dataset.memoryId || '', '#memory-detail'); return; }
    const link = event.target.closest('a.bb-memory-link');
    if (!link) { return; }
    event.preventDefault();
    const built = document.querySelector(MEMORY_BOX) !== null;
    if (built) { pickMemory(link.dataset.memoryId || '', '#memory-section'); }  // before the tab's refresh reads it
    const tab = document.querySelector('#tab-memory-button') ||
      [...document.querySelectorAll('[role=tab]')].find((t) => t.textContent.trim() === 'Memory');
    if (tab) { tab.click(); }
    if (!built) { pickMemory(link.dataset.memoryId || '', '#memory-section', 1); }
  });
  // Open one memory for curation: its id goes in the "Selected memory" box, which answers Enter. A box Gradio
  // has only just built (the tab's first showing; `tries` > 0) gets its first value put back a moment later,
  // so there the id is set until it stays, and only then is Enter pressed.
  const pickMemory = (memoryId, scrollTo, tries = 0) => {
    const again = () => { if (tries < 50) { setTimeout(() => pickMemory(memoryId, scrollTo, tries + 1), 100); } };
    if (!document.querySelector(MEMORY_BOX)) { again(); return; }
    setValue(MEMORY_BOX, memoryId);
    const press = () => {
      const box = document.querySelector(MEMORY_BOX);
      if (!box || box.value !== memoryId) { again(); return; }
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      box.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', bubbles: true }));
      document.querySelectorAll('#memory-table tr[data-memory-id]').forEach(
        (row) => row.classList.toggle('bb-row-selected', row.dataset.memoryId === memoryId));
      const target = document.querySelector(scrollTo);
      if (target) { target.scrollIntoView({ block: 'start' }); }
    };
    if (tries > 0) { setTimeout(press, 150); } else { press(); }
  };
  return [];
}
"""

# The prompt's counter, computed in the page on every change (typing, an example, a restored comic). It counts
# what the studio will read (spaces at either end are trimmed, as the validator does), and a changed story clears
# the error about the old one: it is checked again on Generate.
COUNTER = f"""
(text) => {{
  const length = (text || '').replace(/\\u0000/g, '').trim().length;
  const limit = {PROMPT_MAX_CHARS};
  if (length > limit) {{
    return [`<p class="bb-counter bb-over" aria-live="polite">${{length}} / ${{limit}} characters: ` +
            `${{length - limit}} too many. Shorten your story to generate.</p>`, ''];
  }}
  return [`<p class="bb-counter" aria-live="polite">${{length}} / ${{limit}} characters</p>`, ''];
}}
"""

# Before the server runs: bring the stage into view when the request can go ahead (an empty or over-long prompt
# keeps the view on the prompt, where its error appears).
ON_GENERATE = f"""
(...values) => {{
  const prompt = (values[0] || '').trim();
  if (prompt && prompt.length <= {PROMPT_MAX_CHARS}) {{
    const stage = document.querySelector('#stage');
    const behavior = window.bbScroll ? window.bbScroll() : 'auto';
    if (stage) {{ setTimeout(() => stage.scrollIntoView({{ behavior, block: 'start' }}), 30); }}
  }}
  return values.slice(0, {GENERATE_INPUTS});
}}
"""

# After the comic is finished (or refused): show the error next to its field, or the comic's title.
AFTER_GENERATE = """
() => {
  let tries = 0;
  const settle = () => {
    const error = document.querySelector('#prompt-error .bb-error, #options-error .bb-error');
    const title = document.querySelector('#comic .bb-comic-title');
    if (!error && !title && tries++ < 20) { setTimeout(settle, 100); return; }  // the answer is still arriving
    if (error) {
      // The server opens "More options" for its error, but a fold the reader clicked shut is client-side
      // only: when the error is still hidden, open the fold here too.
      const options = document.querySelector('#more-options .label-wrap');
      if (error.closest('#options-error') && error.getClientRects().length === 0 && options) { options.click(); }
      error.scrollIntoView({ block: 'center' });
      const field = document.querySelector('#prompt textarea');
      if (field && error.closest('#prompt-error')) { field.focus({ preventScroll: true }); }
      return;
    }
    if (title) { title.scrollIntoView({ behavior: window.bbScroll ? window.bbScroll() : 'auto', block: 'start' }); }
  };
  setTimeout(settle, 120);
  return [];
}
"""


def restore_form(first: dict[str, Any]) -> str:
    """After a reload, the last comic's story and options into the form (`first`: each field's value as the page is
    built, in the order the hook takes them), unless the reader has changed any field since the page loaded: the
    restore answers after the page is usable, and what the reader typed meanwhile is theirs. Runs in the page when
    the answer has arrived, on the values the fields hold then."""
    return f"""
(restored, ...now) => {{
  const first = {json.dumps(first)};
  const names = Object.keys(first);
  const touched = names.some((name, i) => String(now[i] ?? '') !== String(first[name] ?? ''));
  if (!restored || touched) {{ return now; }}
  return names.map((name, i) => (restored[name] ?? now[i]));
}}
"""


# While a follow-up turn runs, the comic's buttons wait (a second click would race the first for the next version).
BUSY = """
(...values) => { document.body.dataset.bbBusy = 'true'; return values; }
"""
NOT_BUSY = """
() => { delete document.body.dataset.bbBusy; return []; }
"""

# The comic's own buttons (`revision_views`): Redraw and a saved caption under each panel, a version in the strip.
# Each click becomes one JSON message in the hidden #comic-action box, whose change the server answers
# (`revision_handlers.panel_action_updates`); a time stamp makes the same click twice a change. The caption editor
# is built here, and the caption goes into it as `textContent` / `value`: typed text is never turned into markup.
PANEL_TOOLS = f"""
() => {{
  if (window.bbPanelTools) {{ return []; }}
  window.bbPanelTools = true;
  const LIMIT = {CAPTION_MAX_CHARS};
  const ACTION_BOX = '#comic-action textarea, #comic-action input';
  const send = (message) => {{
    const box = document.querySelector(ACTION_BOX);
    if (!box || document.body.dataset.bbBusy === 'true') {{ return false; }}
    document.body.dataset.bbBusy = 'true';
    box.value = JSON.stringify({{ ...message, at: Date.now() }});
    box.dispatchEvent(new Event('input', {{ bubbles: true }}));
    return true;
  }};
  const make = (tag, props) => Object.assign(document.createElement(tag), props);
  const close = (figure) => {{
    const editor = figure.querySelector('.bb-caption-editor');
    if (editor) {{ editor.remove(); }}
    delete figure.dataset.editing;
    const edit = figure.querySelector('[data-bb-tool=edit]');
    if (edit) {{ edit.setAttribute('aria-expanded', 'false'); edit.focus({{ preventScroll: true }}); }}
  }};
  const save = (figure, number) => {{
    const field = figure.querySelector('.bb-caption-editor textarea');
    const error = figure.querySelector('.bb-caption-error');
    const text = field.value.trim();
    const problem = !text ? 'A caption cannot be empty: write a few words, or press Cancel.'
      : (text.length > LIMIT ? `A caption holds at most ${{LIMIT}} characters; this one has ${{text.length}}.` : '');
    error.textContent = problem;
    error.hidden = !problem;
    if (problem) {{ field.focus(); return; }}
    if (send({{ action: 'caption', panel: number, text }})) {{
      const button = figure.querySelector('.bb-caption-save');
      button.textContent = 'Saving…';
      button.disabled = true;
    }}
  }};
  const open = (figure, number) => {{
    if (figure.querySelector('.bb-caption-editor')) {{ return; }}
    const current = figure.querySelector('.bb-subtitle');
    const editor = make('div', {{ className: 'bb-caption-editor', id: `caption-editor-${{number}}` }});
    const label = make('label', {{ className: 'bb-sr', htmlFor: `caption-input-${{number}}`,
                                   textContent: `New caption for panel ${{number}}` }});
    const field = make('textarea', {{ id: `caption-input-${{number}}`, rows: 2, maxLength: LIMIT,
                                      value: current ? current.textContent : '' }});
    const count = make('span', {{ className: 'bb-caption-count', ariaLive: 'polite' }});
    const counted = () => {{ count.textContent = `${{field.value.length}} / ${{LIMIT}}`; }};
    field.addEventListener('input', counted);
    counted();
    const cancel = make('button', {{ type: 'button', className: 'bb-caption-cancel', id: `cancel-caption-${{number}}`,
                                     textContent: 'Cancel' }});
    const keep = make('button', {{ type: 'button', className: 'bb-caption-save', id: `save-caption-${{number}}`,
                                   textContent: 'Save caption' }});
    const error = make('p', {{ className: 'bb-caption-error', hidden: true }});
    error.setAttribute('role', 'alert');
    const row = make('div', {{ className: 'bb-caption-row' }});
    row.append(count, cancel, keep);
    editor.append(label, field, error, row);
    figure.querySelector('figcaption').after(editor);
    figure.dataset.editing = 'true';
    figure.querySelector('[data-bb-tool=edit]').setAttribute('aria-expanded', 'true');
    field.focus();
    field.select();
  }};
  document.addEventListener('click', (event) => {{
    if (!event.target.closest) {{ return; }}
    const figure = event.target.closest('#comic .bb-panel');
    const number = figure ? Number(figure.dataset.panel) : 0;
    if (event.target.closest('#comic [data-bb-tool=redraw]')) {{ send({{ action: 'redraw', panel: number }}); return; }}
    if (event.target.closest('#comic [data-bb-tool=edit]')) {{ open(figure, number); return; }}
    if (event.target.closest('#comic .bb-caption-cancel')) {{ close(figure); return; }}
    if (event.target.closest('#comic .bb-caption-save')) {{ save(figure, number); return; }}
    const version = event.target.closest('#versions [data-bb-version]');
    if (version) {{ send({{ action: 'version', version: Number(version.dataset.bbVersion) }}); }}
  }});
  document.addEventListener('keydown', (event) => {{
    const field = event.target.closest && event.target.closest('#comic .bb-caption-editor textarea');
    if (!field) {{ return; }}
    const figure = field.closest('.bb-panel');
    if (event.key === 'Escape') {{ event.preventDefault(); close(figure); }}
    if (event.key === 'Enter' && !event.shiftKey) {{ event.preventDefault(); save(figure, Number(figure.dataset.panel)); }}
  }});
  return [];
}}
"""
