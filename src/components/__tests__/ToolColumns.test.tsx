import React from 'react';
import { render, screen } from '@testing-library/react';
import { ToolColumns } from '../tool-list/ToolColumns';
import { fakeTools } from './fixtures';

describe('home tool columns', () => {
  it('puts tools 1-22 in the first column and the rest in the second, numbered by id', () => {
    render(<ToolColumns tools={fakeTools(46)} />);
    const [first, second] = screen.getAllByRole('list');
    const firstItems = first?.querySelectorAll('li') ?? [];
    const secondItems = second?.querySelectorAll('li') ?? [];
    expect(firstItems).toHaveLength(22);
    expect(secondItems).toHaveLength(24);
    expect(firstItems[0]).toHaveTextContent('Tool number 1');
    expect(secondItems[0]).toHaveTextContent('Tool number 23');
    expect(secondItems[0]).toHaveAttribute('value', '23');
    expect(screen.getByRole('link', { name: 'Tool number 46' })).toHaveAttribute('href', '/tool/tool-46');
  });
});
