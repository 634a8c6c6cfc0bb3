import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoPicker } from './photo-picker';

vi.mock('../utils/shrink-image', () => ({
  shrinkImage: async (file: File) => ({ blob: new Blob(['x'], { type: 'image/jpeg' }), fileName: file.name }),
}));
vi.mock('../api/upload-image', () => {
  let next = 0;
  return { uploadImage: async () => ({ url: `/api/images/new-${(next += 1)}.jpg` }) };
});

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('PhotoPicker', () => {
  it("says 'Maximum 5 images allowed' once when more files are chosen than there are free slots", async () => {
    const urls = ['/api/images/1.jpg', '/api/images/2.jpg', '/api/images/3.jpg'];
    const onChange = vi.fn();
    const { rerender } = render(<PhotoPicker urls={urls} onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText('Add more photos'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);

    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    const full = onChange.mock.calls[0]![0] as string[];
    expect(full).toHaveLength(5);
    rerender(<PhotoPicker urls={full} onChange={onChange} />);
    expect(screen.getAllByText('Maximum 5 images allowed')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 5 images allowed');
  });

  it('says the limit under the picker when the item is full without a refused upload', () => {
    const urls = [1, 2, 3, 4, 5].map((n) => `/api/images/${n}.jpg`);
    render(<PhotoPicker urls={urls} onChange={() => {}} />);
    expect(screen.getAllByText('Maximum 5 images allowed')).toHaveLength(1);
    expect(screen.getByLabelText('Add more photos')).toBeDisabled();
  });
});
