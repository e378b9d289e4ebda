import type { FormField } from '@playhouse/shared/contracts/accounts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { FormView } from './form-view';
import { useApiFieldProblems, useForm, type FormOptions } from './use-form';

const FIELDS: FormField[] = [
  { name: 'name', type: 'text', required: true, label: 'Name', constraints: { maxLength: 20 } },
  { name: 'agree', type: 'checkbox', required: false, label: 'Agree', constraints: {} },
];

function TestForm(options: FormOptions) {
  const form = useForm(FIELDS, options);
  return <FormView form={form} submitLabel="Save" busyLabel="Saving…" successMessage="Saved." />;
}

const send = () => fireEvent.click(screen.getByRole('button', { name: /Save|Saving/ }));

describe('useForm with FormView', () => {
  it('sends the values, says so once it succeeded, and forgets that on the next attempt', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<TestForm initial={{ agree: true }} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    send();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', agree: true });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    send();
    expect(screen.queryByText('Saved.')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it("shows the api's field problems beside their fields and the code's text above the form", async () => {
    const onError = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'validation_failed', 'Some fields are invalid.', 'r1', { name: 'taken' });
    });
    renderWithProviders(<TestForm onSubmit={onSubmit} onError={onError} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    send();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Some of the details you entered are not valid.'),
    );
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('stays busy after a success that leaves the page, so it cannot be sent twice', async () => {
    let finish = () => undefined as void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<TestForm leavesOnSuccess onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    send();
    send();
    await act(async () => finish());
    send();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('useApiFieldProblems', () => {
  function Problems({ error, fieldOf }: { error: unknown; fieldOf?: (name: string) => string }) {
    const problems = useApiFieldProblems()(error, fieldOf);
    return (
      <ul>
        {Object.entries(problems).map(([name, text]) => (
          <li key={name}>{`${name}: ${text}`}</li>
        ))}
      </ul>
    );
  }

  it("translates each field problem the api names, under the form's own field name", () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid.', 'r1', {
      'details.iban': 'invalid_iban',
      'details.bic': 'Too long',
    });
    renderWithProviders(<Problems error={error} fieldOf={(name) => name.replace(/^details\./, '')} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^iban: \S/);
    expect(items[1]).toMatch(/^bic: \S/);
    expect(items[0]).not.toBe(items[1]);
  });

  it('names nothing for an error that is no api refusal', () => {
    renderWithProviders(<Problems error={new Error('offline')} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
