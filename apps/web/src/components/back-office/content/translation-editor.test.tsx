import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ContentEditor } from './content-editor';
import { slideSpec } from './editor-specs';
import { TranslationEditor } from './translation-editor';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const ITEM = { key: 'home.title', texts: { en: 'Hello {name}', de: 'Hallo {name}' } };

describe('TranslationEditor', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the ICU error the api names at the field, and nothing is saved', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'invalid_message',
          message: 'The message is no valid ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at character 7.',
          fields: { value: 'EXPECT_ARGUMENT_CLOSING_BRACE', position: '7' },
        },
        requestId: 'r1',
      }),
    );
    renderWithProviders(<TranslationEditor lng="en" item={ITEM} locales={['de']} canEdit />);
    const field = screen.getByLabelText('German text of home.title');
    fireEvent.change(field, { target: { value: 'Hallo {name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save German' }));

    const problem = await screen.findByText(
      'This is no valid ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at character 7.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(problem.id);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/staff/content/translations/de/home.title');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ value: 'Hallo {name' });
    expect(screen.queryByText('Saved. The site shows it now.')).toBeNull();
  });

  it('previews the message as the site renders it, with the sample values the api chose', async () => {
    fetchMock.mockResolvedValue(json(200, { text: 'Hallo name', values: { name: 'name' } }));
    renderWithProviders(<TranslationEditor lng="en" item={ITEM} locales={['de']} canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview German' }));
    expect((await screen.findByText('Hallo name')).textContent).toBe('Hallo name');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      locale: 'de',
      message: 'Hallo {name}',
      values: {},
    });
  });

  it('offers no save to a staff member who may only read the texts', () => {
    renderWithProviders(<TranslationEditor lng="en" item={ITEM} locales={['en', 'de']} canEdit={false} />);
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.getByLabelText('English text of home.title').hasAttribute('readonly')).toBe(true);
  });
});

describe('ContentEditor', () => {
  it('finds a missing default text before sending, and names an api refusal at its field', async () => {
    const onSave = vi.fn<(body: unknown) => Promise<void>>();
    renderWithProviders(
      <ContentEditor spec={slideSpec} item={null} onSave={onSave} submitLabel="Create" savedMessage="Saved." />,
    );
    fireEvent.change(screen.getByLabelText('Name (lower-case letters, digits and dashes)'), {
      target: { value: 'winter' },
    });
    fireEvent.change(screen.getByLabelText(/^Link/), { target: { value: 'category/slots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const body = within(screen.getByRole('group', { name: /Text \(HTML\)/ }));
    expect(body.getByLabelText('English').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(body.getByLabelText('English'), { target: { value: '<h2>Winter</h2>' } });
    const { ApiError } = await import('@/lib/api-error');
    onSave.mockRejectedValueOnce(
      new ApiError(409, 'content_conflict', 'taken', 'r2', { slug: 'Another slide has this slug.' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name (lower-case letters, digits and dashes)').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('Another item already has this name or page.');
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ slug: 'winter', body: { en: '<h2>Winter</h2>' }, url: 'category/slots' }),
    );
  });
});
