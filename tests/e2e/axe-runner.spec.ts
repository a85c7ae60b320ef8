import { expect, test } from './walk';
import { BRIDGE_TEST_BLANK_PATH } from '../bridge/protocol';
import { COLOUR_RULES, HTMLCS_FAILING, runAxe, runCodeSniffer, WCAG_AA } from './helpers';

// The walks' accessibility checks are only as good as the runner under them: it must find what axe finds,
// with every WCAG A/AA rule in the light pass and the colour rules in the dark one. The content is set on
// a page of the host, where the walks' pages fetch the engines from.
test.beforeEach(async ({ page }) => {
  await page.goto(BRIDGE_TEST_BLANK_PATH);
});

test('the axe runner reports a nameless button, low contrast, and nothing it was told to leave out', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Runner</title></head><body><main><h1>Page</h1>
    <button></button><p style="color:#777;background:#888">hard to read</p>
    <div class="toasts"><p style="color:#777;background:#888">a toast</p></div></main></body></html>`);
  const all = await runAxe(page, { exclude: ['.toasts'] }, { type: 'tag', values: WCAG_AA });
  expect(all.map((violation) => violation.id).sort()).toEqual(['button-name', 'color-contrast']);
  expect(all.find((violation) => violation.id === 'color-contrast')?.nodes).toHaveLength(1);
  const colours = await runAxe(page, { include: ['body'] }, { type: 'rule', values: COLOUR_RULES });
  expect(colours.map((violation) => violation.id)).toEqual(['color-contrast']);
  expect(colours[0]?.nodes).toHaveLength(2);
  const withoutContrast = await runAxe(page, { include: ['.toasts'] }, { type: 'tag', values: WCAG_AA }, ['color-contrast']);
  expect(withoutContrast).toEqual([]);
});

test('the second engine (HTML_CodeSniffer) reports shared ids and nameless controls, not hash-route links', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Sniffer</title></head><body><main><h1>Page</h1>
    <a href="#/courses">Courses</a>
    <label for="q"><input type="checkbox" id="q">First</label><label for="q"><input type="checkbox" id="q">Second</label>
    <input type="text"></main></body></html>`);
  const errors = await runCodeSniffer(page);
  expect(errors.some((e) => e.code.endsWith('.F77'))).toBe(true);
  expect(errors.some((e) => /\.H91\.InputText\.Name$/.test(e.code))).toBe(true);
  expect(errors.every((e) => HTMLCS_FAILING.test(e.code))).toBe(true);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Page</h1>
    <a href="#/courses">Courses</a><label><input type="checkbox" id="a">First</label><label><input type="checkbox" id="b">Second</label>
    <label for="t">Name</label><input type="text" id="t"></main></body></html>`);
  expect(await runCodeSniffer(page)).toEqual([]);
});
