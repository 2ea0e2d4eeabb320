/**
 * A CSV file download: a UTF-8 BOM first (so Excel reads Urdu names and "Rs" correctly), then the
 * text, either whole or streamed chunk by chunk from a generator that reads its rows batch by batch.
 */
export function csvDownload(csv: string | AsyncGenerator<string>, fileName: string): Response {
  const encoder = new TextEncoder();
  const body =
    typeof csv === "string"
      ? `\uFEFF${csv.startsWith("\uFEFF") ? csv.slice(1) : csv}`
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode("\uFEFF"));
          },
          async pull(controller) {
            const next = await csv.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          },
          async cancel() {
            await csv.return(undefined);
          },
        });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
