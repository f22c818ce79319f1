/**
 * A free text from the books (a reason, a payout reference) shown as it was written (docs/product.md, "Reasons are
 * words"; ADR 087): isolated from the text around it (`<bdi dir="auto">`, its direction taken from its first
 * letter), and each word isolated too, so the words and numbers of a mixed-direction text keep the order they were
 * typed in: 'Refund א 100 ב 9000' reads 'Refund א 100 ב 9000', never 'Refund 9000 ב 100 א'.
 */
export function Words({ text, className }: { text: string; className?: string }) {
  return (
    <bdi dir="auto" className={className} data-words="">
      {Array.from(text.matchAll(/\s+|\S+/gu), (m) =>
        /\s/u.test(m[0]) ? m[0] : <bdi key={m.index}>{m[0]}</bdi>,
      )}
    </bdi>
  );
}
