// For the server's tests: a response stand-in that records what writeHead and end were given.
export function recorder() {
  const sent = {};
  return {
    sent,
    writeHead(status, headers) {
      sent.status = status;
      sent.headers = headers;
    },
    end(body) {
      sent.body = body;
    },
  };
}
