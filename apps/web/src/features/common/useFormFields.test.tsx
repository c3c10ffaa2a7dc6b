// The form-field hook the activity, product and class forms share: a text field named by its label
// with its help, a failed check's errors under their fields with focus on the first in the form's
// order (not the order the errors came in), and an edit that clears only its own field's error.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormFields, type FormErrors } from './useFormFields';

afterEach(cleanup);

interface Values {
  title: string;
  code: string;
}
const ORDER = ['title', 'code'] as const;

function Form({ failWith }: { failWith: FormErrors<Values> }) {
  const form = useFormFields<Values>(() => ({ title: 'Pricing', code: '' }), ORDER);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.showErrors(failWith);
      }}
    >
      <TextField {...form.textField('title', 'Title')} />
      <TextField {...form.textField('code', 'Course code', 'For example PHYS 101')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFormFields', () => {
  it('names each field by its label, shows its value and its help while it has no error', () => {
    render(<Form failWith={{}} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Pricing');
    const code = screen.getByRole('textbox', { name: 'Course code' });
    expect(code.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('For example PHYS 101')).toBeDefined();
  });

  it('shows errors under their fields, focuses the first in form order, and an edit clears only its own', () => {
    render(<Form failWith={{ code: 'Too long', title: 'Enter a title' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    const code = screen.getByRole('textbox', { name: 'Course code' });
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too long')).toBeDefined();
    // The error replaces the help, and is what describes the field.
    expect(screen.queryByText('For example PHYS 101')).toBeNull();
    const describedBy = code.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Too long');

    fireEvent.change(title, { target: { value: 'Pricing 2' } });
    expect((title as HTMLInputElement).value).toBe('Pricing 2');
    expect(screen.queryByText('Enter a title')).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBe('false');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too long')).toBeDefined();
  });
});
