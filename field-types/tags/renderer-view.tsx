/** `tags` in lists: each tag as an antd Tag. */
import { Tag } from 'antd';
import { splitList } from '../../src/contracts/index.ts';
import type { FieldTypeView } from '../renderer-part.ts';

export const tagsView: FieldTypeView = {
  listCell: ({ record, field }) => {
    const tags = splitList(record[field]);
    if (tags.length === 0) return null;
    return (
      <>
        {tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
      </>
    );
  },
};
