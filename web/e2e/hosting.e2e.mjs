/**
 * A host's day: host a sale, add items with photos, list a standalone item, put existing items
 * into a new sale (one is busy in another sale at the same time and is marked so), edit, and
 * delete items and sales after confirming (spec sections 2, 4, 5).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { api, audit, browserSession, eventually, isoDay, pngBuffer, registerAccount, restoreSession } from './helpers.mjs';

describe('hosting', () => {
  const session = browserSession(import.meta.filename);
  const stamp = Date.now().toString(36);
  const saleTitle = `Maple Street Sale ${stamp}`;
  const secondSaleTitle = `Oak Avenue Sale ${stamp}`;
  const telescope = `Brass Telescope ${stamp}`;
  const bookcase = `Pine Bookcase ${stamp}`;
  let host;
  let salePath;

  session.step('hosts a sale: the form’s rules, the server’s ZIP check, then the sale’s own page', async (page) => {
    host = await registerAccount('host', { firstName: 'Hannah', lastName: 'Host', phone: '(217) 555-0101' });
    await restoreSession(page, host);
    await page.getByRole('banner').getByRole('link', { name: 'Host a Garage Sale' }).click();
    await page.waitForURL('**/create-sale');
    await page.getByText('Choose the dates and times above').waitFor();
    await audit(page, 'create sale');

    await page.getByRole('button', { name: 'Create Garage Sale' }).click();
    await page.getByText('Please correct the highlighted fields.').waitFor();
    await page.getByText('Title is required').waitFor();

    await page.getByLabel(/^Sale Title/).fill(saleTitle);
    await page.getByLabel(/^Description/).fill('Telescopes, books and a bookcase.');
    await page.getByLabel(/^Street Address/).fill('100 N 5th St');
    await page.getByLabel(/^City/).fill('Springfield');
    await page.getByLabel(/^State/).selectOption('IL');
    await page.getByLabel(/^ZIP Code/).fill('00000'); // five digits, but no such ZIP: only the server knows
    await page.getByLabel(/^Start Date/).fill(isoDay(1));
    await page.getByLabel(/^End Date/).fill(isoDay(2));
    await page.getByRole('button', { name: 'Create Garage Sale' }).click();
    await page.getByText('ZIP code not found').waitFor();
    assert.equal(await page.getByLabel(/^ZIP Code/).getAttribute('aria-invalid'), 'true');

    await page.getByLabel(/^ZIP Code/).fill('62701');
    await page.getByRole('button', { name: 'Create Garage Sale' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    salePath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: saleTitle }).waitFor();
    await page.getByText('100 N 5th St').waitFor();
    await page.getByText('(217) 555-0101').waitFor();
    for (const name of ['Edit Sale', 'Add Item']) await page.getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: 'Delete Sale' }).waitFor();
    await page.getByRole('heading', { name: 'No items listed yet' }).waitFor();
    await audit(page, 'sale as its host');
  });

  session.step('adds an item with photos shrunk in the browser and served by the API', async (page) => {
    await page.getByRole('link', { name: 'Add Item' }).first().click();
    await page.waitForURL(`**${salePath}/add-item`);
    await page.getByLabel(/^Title/).fill(telescope);
    await page.getByLabel(/^Description/).fill('A brass telescope on a wooden tripod.');
    await page.getByLabel(/^Category/).selectOption('Collectibles');
    await page.getByLabel(/^Condition/).selectOption('like_new');
    await page.getByLabel(/^Price \(\$\)/).fill('45');
    await page.getByLabel(/^Original Price/).fill('120');
    await page.getByLabel(/^Brand/).fill('Meade');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'telescope.png', mimeType: 'image/png', buffer: pngBuffer(2000, 1500) },
      { name: 'tripod.png', mimeType: 'image/png', buffer: pngBuffer(640, 480) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    ]);
    await page.getByText('notes.txt is not an image file').waitFor();
    const photos = page.getByRole('list', { name: 'Item photos' }).getByRole('img');
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll('[aria-label="Item photos"] img')];
      return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    assert.deepEqual(await photos.first().evaluate((img) => [img.naturalWidth, img.naturalHeight]), [800, 600]);
    assert.match(await photos.first().getAttribute('src'), /^\/api\/images\//);
    await audit(page, 'add item');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.waitForURL((url) => url.pathname === salePath);
    await page.getByRole('link', { name: telescope }).waitFor();
    const thumbnail = page.getByRole('img', { name: telescope });
    await page.waitForFunction(
      (alt) => [...document.images].some((img) => img.alt === alt && img.complete && img.naturalWidth > 0),
      telescope,
    );
    assert.match(await thumbnail.getAttribute('src'), /^\/api\/images\//);
    await page.getByRole('heading', { name: /Items for Sale \(1 item\)/ }).waitFor();
  });

  session.step('lists a standalone item from /create-item; it waits in My Items, in no sale', async (page) => {
    await page.goto('/create-item');
    await page.getByLabel(/^Garage Sale/).selectOption('');
    await audit(page, 'create item');
    await page.getByLabel(/^Title/).fill(bookcase);
    await page.getByLabel(/^Category/).selectOption('Furniture');
    await page.getByLabel(/^Price \(\$\)/).fill('30');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.waitForURL('**/my-items');
    await page.getByText('Showing 2 of 2 items').waitFor();
    const row = page.getByRole('listitem').filter({ hasText: bookcase });
    await row.getByText('Not in a sale').waitFor();
    await audit(page, 'my items');
  });

  session.step('assigns existing items to a new sale; the one busy elsewhere at that time is marked', async (page) => {
    await page.goto('/create-sale');
    await page.getByLabel(/^Sale Title/).fill(secondSaleTitle);
    await page.getByLabel(/^Street Address/).fill('7 Oak Ave');
    await page.getByLabel(/^City/).fill('Springfield');
    await page.getByLabel(/^State/).selectOption('IL');
    await page.getByLabel(/^ZIP Code/).fill('62702');
    await page.getByLabel(/^Start Date/).fill(isoDay(2)); // overlaps the first sale's second day
    await page.getByLabel(/^End Date/).fill(isoDay(3));
    const picker = page.getByRole('list', { name: 'Your items' });
    await picker.waitFor();
    const busy = picker.getByRole('listitem').filter({ hasText: telescope });
    await busy.getByText(`Unavailable: In '${saleTitle}'`).waitFor();
    await busy.getByText('100 N 5th St').waitFor();
    const free = picker.getByRole('listitem').filter({ hasText: bookcase });
    assert.equal(await free.getByText('Unavailable').count(), 0);
    await audit(page, 'create sale with the item picker');

    await page.getByLabel(telescope).check(); // marked, yet selectable: the host may be moving it
    await page.getByLabel(bookcase).check();
    await page.getByText('2 items selected').waitFor();
    await page.getByRole('button', { name: 'Create Garage Sale' }).click();
    await page.waitForURL(/\/sales\/\d+$/);
    await page.getByRole('heading', { level: 1, name: secondSaleTitle }).waitFor();
    await page.getByRole('heading', { name: /Items for Sale \(2 items\)/ }).waitFor();
    await page.getByRole('link', { name: telescope }).waitFor();
    await page.getByRole('link', { name: bookcase }).waitFor();
  });

  session.step('edits the first sale from My Garage Sales', async (page) => {
    await page.getByRole('link', { name: 'My Garage Sales' }).first().click();
    await page.waitForURL('**/my-sales');
    await page.getByRole('link', { name: secondSaleTitle, exact: true }).waitFor();
    await audit(page, 'my sales');
    await page.getByRole('link', { name: `Edit ${saleTitle}` }).click();
    await page.waitForURL(`**${salePath}/edit`);
    await page.getByLabel(/^Sale Title/).waitFor();
    assert.equal(await page.getByLabel(/^ZIP Code/).inputValue(), '62701');
    await audit(page, 'edit sale');
    await page.getByLabel(/^Sale Title/).fill(`${saleTitle} (moved inside)`);
    await page.getByLabel(/^End Time/).fill('18:00');
    await page.getByRole('button', { name: 'Update Garage Sale' }).click();
    await page.waitForURL((url) => url.pathname === salePath);
    await page.getByRole('heading', { level: 1, name: `${saleTitle} (moved inside)` }).waitFor();
    await page.getByText('6:00 PM').waitFor();
    await page.getByRole('heading', { name: 'No items listed yet' }).waitFor(); // its item moved to the new sale
  });

  session.step('an item’s page and its edit form: marks it reserved', async (page) => {
    await page.goto('/my-items');
    await page.getByRole('link', { name: `View ${telescope}` }).click();
    await page.getByRole('heading', { level: 1, name: telescope }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByRole('link', { name: secondSaleTitle, exact: true }).waitFor();
    await page.getByText('Available', { exact: true }).waitFor();
    await page.getByText('Original price $120.00').waitFor();
    await page.getByText('Like New').waitFor();
    await page.getByRole('heading', { name: 'Garage Sale Details' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Contact Seller' }).count(), 0, 'no Contact Seller for the owner');
    await audit(page, 'item as its owner');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/items\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    assert.equal(await page.getByLabel(/^Title/).inputValue(), telescope);
    await page.getByRole('list', { name: 'Item photos' }).getByRole('img').nth(1).waitFor();
    await audit(page, 'edit item');
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await page.getByLabel('Mark as Reserved').check();
    await page.getByLabel(/^Price \(\$\)/).fill('40');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/items\/\d+$/);
    await page.getByText('Reserved', { exact: true }).waitFor();
    await page.getByText('$40.00').first().waitFor();
  });

  session.step('deletes an item from its edit page after confirming (Cancel keeps it)', async (page) => {
    const itemPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Delete Item' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this item? This action cannot be undone.').waitFor();
    await audit(page, 'delete item confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Item' }).click();
    await dialog.getByRole('button', { name: 'Delete Item' }).click();
    await page.waitForURL(/\/sales\/\d+$/); // an item in a sale goes back to its sale
    await page.getByRole('heading', { level: 1, name: secondSaleTitle }).waitFor();
    await page.getByRole('heading', { name: /Items for Sale \(1 item\)/ }).waitFor();
    assert.equal(await page.getByRole('link', { name: telescope }).count(), 0);
    await page.goto(itemPath);
    await page.getByRole('heading', { name: 'Item Not Found' }).waitFor();
    await audit(page, 'item not found');
  });

  session.step('deletes a sale after confirming; its items stay, in no sale', async (page) => {
    await page.getByRole('link', { name: 'My Garage Sales' }).first().click();
    await page.getByRole('link', { name: `View ${secondSaleTitle}` }).click();
    await page.getByRole('button', { name: 'Delete Sale' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Its items are kept in My Items/).waitFor();
    await audit(page, 'delete sale confirmation');
    await dialog.getByRole('button', { name: 'Delete Sale' }).click();
    await page.waitForURL('**/my-sales');
    assert.equal(await page.getByRole('link', { name: secondSaleTitle, exact: true }).count(), 0);
    // Items hears of the deletion through the broker (sale.deleted), a moment after sales answered.
    await eventually(
      async () => (await api('GET', '/api/items/my-items', { token: host.token })).every((item) => item.garage_sale_id === null),
      {
        what: 'items to free the deleted sale’s items',
      },
    );
    await page.getByRole('link', { name: 'My Items' }).first().click();
    await page.getByText('Showing 1 of 1 items').waitFor();
    await page.getByRole('listitem').filter({ hasText: bookcase }).getByText('Not in a sale').waitFor();
    const sales = await api('GET', '/api/sales/my-sales', { token: host.token });
    assert.deepEqual(
      sales.map((sale) => sale.title),
      [`${saleTitle} (moved inside)`],
    );
  });

  session.step('My Items filters by text, category and status; deleting from the list asks first', async (page) => {
    await page.goto('/create-item');
    await page.getByLabel(/^Title/).fill(`Kids Bike ${stamp}`);
    await page.getByLabel(/^Category/).selectOption('Sports');
    await page.getByLabel(/^Price \(\$\)/).fill('25');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.waitForURL('**/my-items');
    await page.getByText('Showing 2 of 2 items').waitFor();
    await page.getByLabel('Category').selectOption('Sports');
    await page.getByText('Showing 1 of 2 items').waitFor();
    await page.getByLabel('Category').selectOption('');
    await page.getByLabel('Search').fill('bookcase');
    await page.getByText('Showing 1 of 2 items').waitFor();
    await page.getByLabel('Status').selectOption('sold');
    await page.getByRole('heading', { name: 'No items match your filters' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText('Showing 2 of 2 items').waitFor();

    await page.getByRole('button', { name: `Delete Kids Bike ${stamp}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/It will also be removed from any garage sale it is part of/).waitFor();
    await dialog.getByRole('button', { name: 'Delete Item' }).click();
    await page.getByText('Showing 1 of 1 items').waitFor();
  });
});
