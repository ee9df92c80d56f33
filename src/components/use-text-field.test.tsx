import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';
import { useTextField } from './use-text-field';

function Named() {
  const { setError, field } = useTextField('first');
  return (
    <>
      <TextInput label="Name" {...field} />
      <button onClick={() => setError('Give it a name.')}>Check</button>
    </>
  );
}

describe('useTextField', () => {
  it('shows its error until the text is edited', () => {
    render(<Named />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveValue('first');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Give it a name.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'second' } });
    expect(input).toHaveValue('second');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Give it a name.')).not.toBeInTheDocument();
  });
});
