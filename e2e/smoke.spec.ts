import { expect, test } from './fixtures';

test('the English home page renders with a heading or main landmark and passes axe', async ({ page, axe }) => {
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('main')).first()).toBeVisible();
  await axe();
});
