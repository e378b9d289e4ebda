import {
  confirmRegistrationInBrowser,
  dismissInfoPopup,
  logIn,
  newClient,
  PASSWORD,
  registerPlayer,
  uniqueName,
  uniquePerson,
  visitorAddress,
} from './account-support';
import { expect, test } from './fixtures';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

test.describe('registration and login', () => {
  test('a visitor registers with a phone number, logs out and logs back in', async ({ page, axe }) => {
    // The ALTCHA proof of work runs in the browser: give it room on a busy machine.
    test.setTimeout(120_000);
    const username = uniqueName('reg');
    await page.goto('/en/auth/register');
    await dismissInfoPopup(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await axe();

    await page.getByLabel('E-mail address', { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Full name (as on your ID)', { exact: true }).fill(uniquePerson().fullName);
    const phone = page.getByLabel('Phone number', { exact: true });
    await phone.fill('+49 151 23456789');
    await expect(phone).toHaveValue(/^\+49[\d ]+$/);
    expect((await phone.inputValue()).replace(/\D/g, '')).toBe('4915123456789');
    await expect(page.getByRole('button', { name: 'Choose the country of the phone number' })).toHaveAttribute(
      'title',
      /Germany/,
    );
    await page.getByLabel('Country', { exact: true }).selectOption('DE');
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-12');
    await page.getByLabel(/accept the terms and conditions/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await confirmRegistrationInBrowser(page, `${username}@example.com`);

    const account = page.getByRole('button', { name: `Account: ${username}` });
    await expect(account).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('link', { name: /Balance €0\.00 Bonus €0\.00/ })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null')).toMatchObject({
      username,
      login: `${username}@example.com`,
      phone: '+4915123456789',
    });
    await axe();

    await account.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/login$/);
    await axe();
    await page.getByLabel('E-mail or username').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: `Account: ${username}` })).toBeVisible();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('the form shows problems next to their fields before sending, translated', async ({ page, axe }) => {
    await page.goto('/de/auth/register');
    await dismissInfoPopup(page);
    await page.getByLabel('E-Mail-Adresse').fill('keine-adresse');
    await page.getByLabel('Geburtsdatum').fill('2020-01-01');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
    await expect(page.getByText('Geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    await expect(page.getByText('Sie müssen mindestens 18 Jahre alt sein.')).toBeVisible();
    await expect(page.getByText('Bitte stimmen Sie zu, um fortzufahren.')).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await axe();
  });

  for (const { lng, login, password, submit, message } of [
    {
      lng: 'en',
      login: 'E-mail or username',
      password: 'Password',
      submit: 'Log in',
      message: 'E-mail/username or password is incorrect.',
    },
    {
      lng: 'de',
      login: 'E-Mail oder Benutzername',
      password: 'Passwort',
      submit: 'Anmelden',
      message: 'E-Mail/Benutzername oder Passwort ist falsch.',
    },
  ]) {
    test(`a wrong password shows a translated error (${lng})`, async ({ page, axe, baseURL }, testInfo) => {
      const player = await registerPlayer(baseURL!, testInfo);
      await page.goto(`/${lng}/auth/login`);
      await dismissInfoPopup(page);
      await page.getByLabel(login).fill(player.username);
      await page.getByLabel(password).fill('not the password at all');
      await page.getByRole('button', { name: submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page.getByRole('link', { name: submit })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await axe();
    });
  }
});

test.describe('failed sign-ins', () => {
  test('wrong passwords never lock the player out: the form asks a captcha, then the right password signs in', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await page.goto('/en/auth/login');
    await dismissInfoPopup(page);
    await page.getByLabel('E-mail or username').fill(player.username);
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Log in' });
    // Someone guessing (here from the same browser): the first tries are answered as any wrong password.
    const alert = page.locator('main').getByRole('alert');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await password.fill(`wrong password ${attempt}`);
      await Promise.all([page.waitForResponse('**/spa/auth/login'), submit.click()]);
      await expect(alert).toHaveText('E-mail/username or password is incorrect.');
      await expect(submit).toBeEnabled();
    }
    await expect(page.getByText('I am not a robot')).toBeHidden();
    // The owner, with the right password: the form asks for the security check instead of locking them out.
    await password.fill(player.password);
    await Promise.all([page.waitForResponse('**/spa/auth/login'), submit.click()]);
    await expect(alert).toHaveText('Please complete the security check below, then log in again.');
    await expect(page.getByText('Security check passed')).toBeVisible({ timeout: 60_000 });
    await axe();
    await submit.click();
    await expect(page.getByRole('button', { name: `Account: ${player.username}` })).toBeVisible();
  });
});

test.describe('sessions', () => {
  test('a session ended on the server signs the browser out with the spec message', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await expect(page.getByRole('link', { name: /Balance €0\.00/ })).toBeVisible();

    // The player changes the password on another device: the api ends every other session, this one included.
    const otherDevice = await newClient(baseURL!, testInfo);
    expect(
      (await otherDevice.post('/spa/auth/login', { data: { login: player.username, password: PASSWORD } })).ok(),
    ).toBe(true);
    const change = await otherDevice.post('/spa/users/password', {
      data: { currentPassword: PASSWORD, newPassword: `${PASSWORD} two` },
    });
    expect(change.status(), await change.text()).toBe(200);
    await otherDevice.dispose();

    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.reload();
    await dismissInfoPopup(page);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect.poll(() => messages).toContain('Fetch initial balance - unauthorized!');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(page.getByRole('button', { name: `Account: ${player.username}` })).toHaveCount(0);
    await axe();
  });

  test('player-only pages send visitors to registration and back after', async ({ page, axe }) => {
    const response = await page.request.get('/en/cashbox', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers()['location']).toMatch(/\/en\/auth\/register\?next=%2Fcashbox$/);

    await page.goto('/en/transactions');
    await expect(page).toHaveURL(/\/en\/auth\/register\?next=%2Ftransactions$/);
    await dismissInfoPopup(page);
    await axe();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/en\/auth\/login\?next=%2Ftransactions$/);
  });
});

test.describe('password recovery', () => {
  test('asks for the address, answers the same for any address, and refuses a bad reset link', async ({
    page,
    axe,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/en/auth/login');
    await dismissInfoPopup(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await axe();
    // An address of its own: recovery is limited per e-mail address too (3 an hour).
    const email = `${uniqueName('nobody')}@example.com`;
    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: `If there is an account for ${email}` })).toBeVisible({
      timeout: 60_000,
    });
    await axe();

    await page.goto('/en/auth/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await dismissInfoPopup(page);
    await expect(page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await axe();
  });
});

test.describe('profile', () => {
  test('shows the account, keeps preferences and delays a raised deposit limit by 24 hours', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await page.getByRole('button', { name: `Account: ${player.username}` }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page).toHaveTitle('Your profile | Playhouse');
    await expect(page.getByText(`${player.username}@example.com`)).toBeVisible();
    await expect(page.getByText(player.phone!)).toBeVisible();
    await axe();

    const preferences = page.getByRole('region', { name: 'Preferences' });
    await preferences.getByLabel('Odds format').selectOption('american');
    await preferences.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(preferences.getByText('Saved.', { exact: true })).toBeVisible();

    const daily = page.getByRole('form', { name: 'Daily limit' });
    await daily.getByLabel('New limit (EUR)').fill('100');
    await daily.getByRole('button', { name: 'Set limit' }).click();
    await expect(daily.getByText('Current limit: €100.00')).toBeVisible();
    await daily.getByLabel('New limit (EUR)').fill('250');
    await daily.getByRole('button', { name: 'Set limit' }).click();
    await expect(daily.getByText('Current limit: €100.00')).toBeVisible();
    await expect(daily.getByText(/Changes to €250\.00 on /)).toBeVisible();
    await axe();

    await page.reload();
    await dismissInfoPopup(page);
    await expect(page.getByLabel('Odds format')).toHaveValue('american');
  });
});

test.describe('phones and keyboards', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/en/auth/register', '/en/auth/login', '/en/auth/password-recovery']) {
    test(`${path} fits a 360 px wide screen`, async ({ page, axe }) => {
      await page.goto(path);
      await dismissInfoPopup(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await axe();
    });
  }

  test('the login form works from the keyboard alone', async ({ page, baseURL }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await page.goto('/en/auth/login');
    await dismissInfoPopup(page);
    await page.getByLabel('E-mail or username').focus();
    await page.keyboard.type(player.username);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(player.password);
    await page.keyboard.press('Enter');
    const account = page.getByRole('button', { name: `Account: ${player.username}` });
    await expect(account).toBeVisible();
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Transactions' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Transactions' })).toBeHidden();
    await expect(account).toBeFocused();
  });
});
