import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WrapPoints } from './wrap-points';

describe('WrapPoints', () => {
  it('lets a path or name wrap after its separators only, the text unchanged', () => {
    const { container } = render(
      <code>
        <WrapPoints text="GET /api/{appId}/tickets/search?x=1&tdx_partition.y" />
      </code>,
    );
    expect(container.textContent).toBe('GET /api/{appId}/tickets/search?x=1&tdx_partition.y');
    expect(container.innerHTML).toBe(
      '<code>GET /<wbr>api/<wbr>{appId}/<wbr>tickets/<wbr>search?<wbr>x=<wbr>1&amp;<wbr>tdx_<wbr>partition.<wbr>y</code>',
    );
  });

  it('leaves a word without separators whole', () => {
    const { container } = render(<WrapPoints text="unique_name" />);
    expect(container.innerHTML).toBe('unique_<wbr>name');
    expect(render(<WrapPoints text="exp" />).container.innerHTML).toBe('exp');
  });
});
