import { Anchor, Text } from '@mantine/core';

import { messageParts } from '../lib/linkify';

/** A message's plain text with its links clickable; never rendered as HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {messageParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
            {part.text}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
