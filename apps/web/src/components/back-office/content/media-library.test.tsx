import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { renderWithProviders } from '@/test/render';
import { formatSize, MediaLibrary } from './media-library';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const ID = '3f1c2a4e-7b8d-4c1e-9a2b-5d6e7f8a9b0c';
const PICTURE = {
  id: ID,
  path: `/spa/media/${ID}.png`,
  contentType: 'image/png',
  size: 2048,
  originalName: 'winter.png',
  uploadedBy: 'editor@staff.example.test',
  createdAt: '2026-11-25T10:00:00.000Z',
};
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function renderLibrary(canUpload = true) {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MediaLibrary lng="en" canUpload={canUpload} />
    </SWRConfig>,
  );
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Picture file'), { target: { files: [file] } });
}

describe('MediaLibrary', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the pictures with a thumbnail named by the file, the path and a copy button', async () => {
    fetchMock.mockImplementation(async () => json(200, page([PICTURE])));
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderLibrary();
    const thumbnail = await screen.findByRole('img', { name: 'winter.png' });
    expect(thumbnail.getAttribute('src')).toBe(PICTURE.path);
    expect(screen.getByText(PICTURE.path)).toBeTruthy();
    expect(screen.getByText('2 kB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy path' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PICTURE.path));
    expect((await screen.findByRole('status')).textContent).toBe(`Copied ${PICTURE.path}`);
    expect(fetchMock.mock.calls[0]![0]).toBe('/spa/staff/content/media?page=1&pageSize=20');
  });

  it('shows the error the api answers for a refused upload, and no success', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(415, {
            error: { code: 'unsupported_media_type', message: 'Upload a PNG, JPEG, WebP, GIF or AVIF picture.' },
            requestId: 'r1',
          })
        : json(200, page([])),
    );
    renderLibrary();
    await screen.findByText('No pictures yet.');
    choose(new File(['<svg/>'], 'logo.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const problem = await screen.findByText('This type of file or data is not supported.');
    expect(problem.getAttribute('role')).toBe('alert');
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(url).toBe('/spa/staff/content/media');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says where an uploaded picture is and lists it', async () => {
    let uploaded = false;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'POST') {
        uploaded = true;
        return json(201, { media: PICTURE, created: true });
      }
      return json(200, page(uploaded ? [PICTURE] : []));
    });
    renderLibrary();
    await screen.findByText('No pictures yet.');
    choose(new File([new Uint8Array([137, 80, 78, 71])], 'winter.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      (await screen.findByText(`winter.png is uploaded: ${PICTURE.path}`)).closest('[role="status"]'),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'winter.png' })).toBeTruthy();
  });

  it('asks for a file before sending anything, and offers no upload to a member who may only read', async () => {
    fetchMock.mockImplementation(async () => json(200, page([])));
    const { unmount } = renderLibrary();
    await screen.findByText('No pictures yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByText('Choose a picture file first.')).getAttribute('role')).toBe('alert');
    expect(fetchMock.mock.calls.every(([, init]) => init?.method !== 'POST')).toBe(true);
    unmount();
    renderLibrary(false);
    await screen.findAllByText('No pictures yet.');
    expect(screen.queryByLabelText('Picture file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('formats sizes in the locale', () => {
    expect(formatSize(1536, 'en')).toBe('1.5 kB');
    expect(formatSize(3 * 1024 * 1024, 'de')).toBe('3 MB');
  });
});
