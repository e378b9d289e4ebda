import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReceiptPaste, ReceiptResult } from './receipt-parts';

describe('receipt parts', () => {
  it('the paste field is labelled and hands on what is typed', () => {
    const onChange = vi.fn();
    renderWithProviders(<ReceiptPaste id="r-text" label="Receipt text" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Receipt text'), { target: { value: '{}' } });
    expect(onChange).toHaveBeenCalledWith('{}');
  });

  it('a result is a section named by its number, with the verdict and what follows it', () => {
    renderWithProviders(
      <ReceiptResult headingId="r-0" index={1} valid={false} summary="The signature does not match.">
        <p>More</p>
      </ReceiptResult>,
    );
    const section = screen.getByRole('region', { name: 'Receipt 2' });
    expect(section.textContent).toContain('The signature does not match.');
    expect(section.textContent).toContain('More');
  });
});
