/// studio.js: every page is served whole by the server; this script swaps `<main>` for a fresh
/// copy when the page's state changes (a device, a version, a view) or when the store changes
/// (server-sent events), and wires the controls. The page's state lives in its address, so a
/// reload or a refresh shows the same thing.
enum StudioScript {
    static let text = #"""
        'use strict';
        (() => {
          // The page that opens a session hands over its write key: kept in this origin's own
          // storage (no other port can read it), then on to the page asked for.
          const handed = document.querySelector('meta[name="plumb-write-key"]');
          if (handed) {
            localStorage.setItem('plumb-write-key', handed.content);
            location.replace(document.querySelector('meta[name="plumb-next"]').content);
            return;
          }
          const writeKey = localStorage.getItem('plumb-write-key') || '';
          const mainElement = () => document.getElementById('main');
          let loading = null;
          let reloadAgain = false;

          // Says what happened for five seconds, at the bottom left, clear of the rows' buttons
          // on the right; a click puts it away sooner.
          function notice(text, kind) {
            const element = document.getElementById('notice');
            element.textContent = text;
            element.dataset.kind = kind || 'info';
            element.title = 'click to dismiss';
            element.hidden = false;
            element.onclick = () => { element.hidden = true; };
            clearTimeout(notice.timer);
            notice.timer = setTimeout(() => { element.hidden = true; }, 5000);
          }

          // Fetches a page and puts its <main> in place of this one.
          async function load(url) {
            const response = await fetch(url, { headers: { 'Accept': 'text/html' } });
            const text = await response.text();
            const page = new DOMParser().parseFromString(text, 'text/html');
            if (!response.ok) {
              const said = page.querySelector('[data-error]');
              notice(said ? said.textContent.trim() : text.trim(), 'error');
              return false;
            }
            const next = page.getElementById('main');
            if (!next) return false;
            const scrolls = Array.from(mainElement().querySelectorAll('ol.versions')).map(e => e.scrollTop);
            mainElement().replaceWith(next);
            document.title = page.title;
            next.querySelectorAll('ol.versions').forEach((e, i) => { if (scrolls[i] !== undefined) e.scrollTop = scrolls[i]; });
            wire(next);
            return true;
          }

          // Goes to another state of the page (pushed on the history).
          async function go(url) {
            history.pushState(null, '', url);
            await reload();
          }

          // Loads the current address again; calls that come while one runs are folded into one.
          async function reload() {
            if (loading) { reloadAgain = true; return loading; }
            loading = (async () => {
              do {
                reloadAgain = false;
                try { await load(location.pathname + location.search); } catch (error) { notice(String(error), 'error'); }
              } while (reloadAgain);
              loading = null;
            })();
            return loading;
          }

          function withQuery(changes) {
            const url = new URL(location.href);
            for (const [key, value] of Object.entries(changes)) {
              if (value === undefined) continue;
              if (value === null || value === undefined || value === '') url.searchParams.delete(key); else url.searchParams.set(key, value);
            }
            return url.pathname + url.search;
          }

          async function post(path, fields) {
            const response = await fetch(path, {
              method: 'POST',
              headers: { 'X-Plumb-Write': writeKey, 'Content-Type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(fields).toString(),
            });
            const text = await response.text();
            if (!response.ok) throw new Error(text.trim());
            return JSON.parse(text);
          }

          function wire(root) {
            switch (root.dataset.page) {
              case 'document': wireDocument(root); break;
              case 'diff': wireDiffPage(root); break;
              case 'sheet': wireSheet(root); break;
              case 'conflicts': wireConflicts(root); break;
            }
          }

          // The document page: screen choice, resizing, clicking views, history.
          function wireDocument(root) {
            const form = root.querySelector('[data-screen-form]');
            if (!form) { wireVersions(root); return; } // a version with nothing to draw: only its history
            form.addEventListener('submit', event => event.preventDefault());
            form.elements.device.addEventListener('change', () => {
              go(withQuery({ device: form.elements.device.value || null, size: null, landscape: null }));
            });
            for (const name of ['w', 'h']) {
              form.elements[name].addEventListener('change', () => {
                const w = Math.round(Number(form.elements.w.value)), h = Math.round(Number(form.elements.h.value));
                if (w >= 1 && h >= 1) go(withQuery({ size: w + 'x' + h, device: null, landscape: null }));
              });
            }
            const screen = root.querySelector('.screen');
            applyZoom(root);
            root.querySelectorAll('button[data-zoom]').forEach(button => button.addEventListener('click', () => setZoom(button.dataset.zoom)));
            screen.addEventListener('click', event => {
              const group = event.target.closest('g[data-view]');
              if (group) selectView(root, group.dataset.view);
            });
            wireHandle(root, screen);
            markSelected(root, root.dataset.view);
            wirePanel(root);
            root.querySelectorAll('.checks [data-select-view]').forEach(link => link.addEventListener('click', event => {
              event.preventDefault();
              selectView(root, link.dataset.selectView);
            }));
            wireVersions(root);
          }

          function wireVersions(root) {
            // An older version opened by its address (or stepped to) is shown in the list.
            const current = root.querySelector('ol.versions li.current');
            if (current) current.scrollIntoView({ block: 'nearest' });
            root.querySelectorAll('ol.versions li a').forEach(link => link.addEventListener('click', event => {
              if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              go(keepingView(link.getAttribute('href')));
            }));
          }

          // The picture fits the room beside the inspector and above the fold (never larger
          // than one point per CSS pixel), unless the address says zoom=100.
          function applyZoom(root) {
            if (root.dataset.page === 'diff') return fitDiff(root);
            const screen = root.querySelector('.screen');
            if (!screen) return;
            const w = Number(screen.dataset.width), h = Number(screen.dataset.height);
            const fit = new URLSearchParams(location.search).get('zoom') !== '100';
            let scale = 1;
            if (fit) {
              const stage = root.querySelector('.stage');
              const top = screen.getBoundingClientRect().top + window.scrollY;
              const room = [stage.clientWidth - 12, window.innerHeight - top - 40];
              scale = Math.max(0.05, Math.min(1, room[0] / w, room[1] / h));
            }
            screen.dataset.scale = String(scale);
            screen.style.width = (w * scale) + 'px';
            screen.style.height = (h * scale) + 'px';
            const level = root.querySelector('[data-zoom-level]');
            if (level) level.textContent = Math.round(scale * 100) + ' %';
            root.querySelectorAll('button[data-zoom]').forEach(button => {
              button.setAttribute('aria-pressed', String((button.dataset.zoom === 'fit') === fit));
            });
          }

          // The diff's pictures (overlay and side by side) fit the room beside the list of
          // changes and above the fold, as the Picture page's screen does; zoom=100 draws one
          // point per CSS pixel.
          function fitDiff(root) {
            const fit = new URLSearchParams(location.search).get('zoom') !== '100';
            const diff = root.querySelector('.diff');
            const list = diff && diff.querySelector('.changes, .change-list');
            let shown = 1;
            root.querySelectorAll('.diff figure > svg').forEach(svg => {
              const box = svg.viewBox.baseVal, w = box.width, h = box.height;
              let scale = 1;
              if (fit) {
                const gap = 24, listWidth = list ? Math.min(list.getBoundingClientRect().width, 260) : 0;
                const top = diff.getBoundingClientRect().top + window.scrollY;
                const room = [diff.clientWidth - listWidth - gap - 4, window.innerHeight - top - 24];
                scale = Math.max(0.05, Math.min(1, room[0] / w, room[1] / h));
              }
              svg.style.width = (w * scale) + 'px';
              svg.style.height = (h * scale) + 'px';
              svg.style.maxWidth = 'none';
              svg.dataset.scale = String(scale);
              if (!svg.closest('figure').hidden) shown = scale;
            });
            const level = root.querySelector('[data-zoom-level]');
            if (level) level.textContent = Math.round(shown * 100) + ' %';
            root.querySelectorAll('button[data-zoom]').forEach(button => {
              button.setAttribute('aria-pressed', String((button.dataset.zoom === 'fit') === fit));
            });
          }

          function setZoom(zoom) {
            history.replaceState(null, '', withQuery({ zoom: zoom === '100' ? '100' : null }));
            const root = mainElement();
            applyZoom(root);
            markSelected(root, root.dataset.view);
          }

          window.addEventListener('resize', () => {
            const root = mainElement();
            if (root.dataset.page === 'diff') return fitDiff(root);
            if (root.dataset.page !== 'document') return;
            applyZoom(root);
            markSelected(root, root.dataset.view);
          });

          // Marks the selected view, and draws its outline as a box over the picture: views
          // drawn later (its children, a sibling) would hide a stroke in the picture itself.
          function markSelected(root, view) {
            root.querySelectorAll('.screen g.selected').forEach(g => g.classList.remove('selected'));
            root.querySelectorAll('.screen .selection').forEach(box => box.remove());
            root.querySelectorAll('.checks li').forEach(item => item.classList.toggle('selected', item.dataset.view === view));
            if (!view) return;
            const screen = root.querySelector('.screen');
            const group = Array.from(root.querySelectorAll('.screen g[data-view]')).find(g => g.dataset.view === view);
            if (!screen || !group) return;
            group.classList.add('selected');
            const frame = group.querySelector('rect').getBoundingClientRect(), area = screen.getBoundingClientRect();
            const box = document.createElement('div');
            box.className = 'selection';
            box.style.left = (frame.left - area.left - screen.clientLeft) + 'px';
            box.style.top = (frame.top - area.top - screen.clientTop) + 'px';
            box.style.width = frame.width + 'px';
            box.style.height = frame.height + 'px';
            screen.appendChild(box);
          }

          // A version's address with the selected view kept (the server selects it there when
          // the version has it), so one view can be watched through its history.
          function keepingView(href) {
            const view = new URLSearchParams(location.search).get('view');
            const url = new URL(href, location.href);
            if (view) url.searchParams.set('view', view); else url.searchParams.delete('view');
            return url.pathname + url.search;
          }

          async function selectView(root, view) {
            const screen = root.querySelector('.screen');
            const query = new URLSearchParams(location.search);
            query.set('rev', screen.dataset.rev);
            query.delete('view');
            const response = await fetch('/d/' + encodeURIComponent(root.dataset.document) + '/views/' + encodeURIComponent(view) + '?' + query);
            const text = await response.text();
            if (!response.ok) { notice(text.trim(), 'error'); return; }
            root.querySelector('#panel').innerHTML = text;
            root.dataset.view = view;
            markSelected(root, view);
            history.replaceState(null, '', withQuery({ view }));
            wirePanel(root);
          }

          function wirePanel(root) {
            root.querySelectorAll('#panel [data-select-view]').forEach(link => link.addEventListener('click', event => {
              event.preventDefault();
              selectView(root, link.dataset.selectView);
            }));
          }

          // The corner handle: dragging resizes the screen; the server lays the version out
          // again at each new size (one request at a time, the latest size last).
          function wireHandle(root, screen) {
            const handle = screen.querySelector('.handle');
            let start = null, inFlight = false, wanted = null;
            async function fetchPicture() {
              if (inFlight || !wanted) return;
              inFlight = true;
              const [w, h] = wanted;
              wanted = null;
              try {
                const query = new URLSearchParams({ rev: screen.dataset.rev, size: w + 'x' + h });
                const response = await fetch('/d/' + encodeURIComponent(root.dataset.document) + '/picture.svg?' + query);
                if (response.ok) {
                  const svg = new DOMParser().parseFromString(await response.text(), 'image/svg+xml').documentElement;
                  const old = screen.querySelector('svg');
                  old.replaceWith(document.importNode(svg, true));
                  screen.dataset.width = w;
                  screen.dataset.height = h;
                  markSelected(root, root.dataset.view);
                }
              } finally {
                inFlight = false;
                if (wanted) fetchPicture();
              }
            }
            // The pointer moves in CSS pixels; the screen is sized in points at its scale.
            function sizeFrom(event) {
              const w = Math.max(40, Math.min(4000, Math.round(start.w + (event.clientX - start.x) / start.scale)));
              const h = Math.max(40, Math.min(4000, Math.round(start.h + (event.clientY - start.y) / start.scale)));
              return [w, h];
            }
            handle.addEventListener('pointerdown', event => {
              event.preventDefault();
              handle.setPointerCapture(event.pointerId);
              start = { x: event.clientX, y: event.clientY, w: Number(screen.dataset.width), h: Number(screen.dataset.height),
                        scale: Number(screen.dataset.scale) || 1 };
              screen.classList.add('resizing');
            });
            handle.addEventListener('pointermove', event => {
              if (!start) return;
              const [w, h] = sizeFrom(event);
              screen.style.width = (w * start.scale) + 'px';
              screen.style.height = (h * start.scale) + 'px';
              root.querySelector('[data-caption]').textContent = w + '×' + h + ' (resizing)';
              wanted = [w, h];
              fetchPicture();
            });
            handle.addEventListener('pointerup', event => {
              if (!start) return;
              const [w, h] = sizeFrom(event);
              start = null;
              screen.classList.remove('resizing');
              go(withQuery({ size: w + 'x' + h, device: null, landscape: null }));
            });
          }

          // Stepping through the history with the keyboard.
          document.addEventListener('keydown', event => {
            const root = mainElement();
            if ((root.dataset.page !== 'document' && root.dataset.page !== 'diff') || event.altKey || event.ctrlKey || event.metaKey) return;
            if (event.target.closest && event.target.closest('input, select, textarea')) return;
            if (event.shiftKey && (event.code === 'Digit1' || event.code === 'Digit0')) {
              event.preventDefault();
              setZoom(event.code === 'Digit0' ? '100' : 'fit');
              return;
            }
            if (root.dataset.page !== 'document') return;
            if (event.key === 'Escape') {
              if (!new URLSearchParams(location.search).has('view')) return;
              event.preventDefault();
              go(withQuery({ view: null }));
              return;
            }
            const newer = event.key === 'ArrowUp' || event.key === 'k';
            const older = event.key === 'ArrowDown' || event.key === 'j';
            if (!newer && !older) return;
            const current = root.querySelector('ol.versions li.current');
            if (!current) return;
            const next = newer ? current.previousElementSibling : current.nextElementSibling;
            const link = next && next.querySelector('a');
            if (!link) return;
            event.preventDefault();
            go(keepingView(link.getAttribute('href')));
          });

          function wireDiffPage(root) {
            const form = root.querySelector('[data-diff-form]');
            if (!form) return; // a version with nothing to draw: the page only leads elsewhere
            plumbWireDiff(root);
            fitDiff(root);
            root.querySelectorAll('button[data-zoom]').forEach(button => button.addEventListener('click', () => setZoom(button.dataset.zoom)));
            form.addEventListener('submit', event => event.preventDefault());
            for (const name of ['from', 'to', 'device']) {
              form.elements[name].addEventListener('change', () => {
                go(withQuery({ [name]: form.elements[name].value || null, size: name === 'device' ? null : undefined }));
              });
            }
            form.querySelectorAll('input[name=mode]').forEach(radio => radio.addEventListener('change', () => {
              history.replaceState(null, '', withQuery({ mode: radio.value === 'side' ? 'side' : null }));
              fitDiff(root);
            }));
          }

          function wireSheet(root) {
            const form = root.querySelector('[data-sheet-form]');
            if (!form) return; // a version with nothing to draw
            form.addEventListener('submit', event => event.preventDefault());
            form.addEventListener('change', () => {
              const devices = Array.from(form.querySelectorAll('input[name=device]:checked')).map(box => box.value);
              if (devices.length === 0) { notice('Pick at least one device.', 'error'); return; }
              go(withQuery({ devices: devices.join(','), rev: form.elements.rev.value, landscape: form.elements.landscape.checked ? '1' : null }));
            });
          }

          function wireConflicts(root) {
            const base = '/d/' + encodeURIComponent(root.dataset.document) + '/conflicts/';
            // A head value newer than the merge: the first button shows both values and the
            // button that replaces it; Cancel puts the first one back.
            root.querySelectorAll('button[data-ask]').forEach(ask => {
              const box = ask.nextElementSibling;
              ask.addEventListener('click', () => { ask.hidden = true; box.hidden = false; box.querySelector('button[data-action]').focus(); });
              box.querySelector('button[data-cancel]').addEventListener('click', () => { box.hidden = true; ask.hidden = false; ask.focus(); });
            });
            root.querySelectorAll('button[data-action]').forEach(button => button.addEventListener('click', async () => {
              button.disabled = true;
              try {
                const data = button.dataset;
                const fields = data.action === 'keep' ? Object.assign({ view: data.view, property: data.property, site: data.site, hlc: data.hlc },
                                                                      data.replacing ? { replacing: data.replacing } : {})
                  : data.action === 'restore' ? { view: data.view, site: data.site, hlc: data.hlc }
                  : data.action === 'dismiss' ? Object.assign({ kind: data.kind, view: data.view, site: data.site, hlc: data.hlc },
                                                              data.property ? { property: data.property } : {})
                  : {};
                const result = await post(base + button.dataset.action, fields);
                notice(result.message || ('cleared ' + result.cleared + ' conflicts'));
                await reload();
              } catch (error) {
                notice(error.message, 'error');
                button.disabled = false;
              }
            }));
          }

          // Following the store: one event stream per page; the server says which documents
          // changed, and a page that shows one of them loads itself again.
          function follow() {
            const live = document.getElementById('live');
            const source = new EventSource('/events');
            source.addEventListener('hello', () => { live.dataset.state = 'on'; });
            source.addEventListener('store', event => {
              const data = JSON.parse(event.data);
              live.dataset.state = 'on';
              const shown = mainElement().dataset.document;
              if (!shown || data.documents.includes(shown)) {
                reload().then(() => { document.body.dataset.generation = String(data.generation); });
              } else {
                document.body.dataset.generation = String(data.generation);
              }
            });
            source.addEventListener('error', () => { live.dataset.state = 'off'; });
          }

          window.addEventListener('popstate', () => reload());
          wire(mainElement());
          follow();
        })();
        """#
}
