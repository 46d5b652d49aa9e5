// A small Truck Finder API client (Node 20, no packages; docs/api.md, "API tokens"): lists the
// business's bookings and sets its availability, one JSON line each.
//   TF_URL=https://… TF_TOKEN=tf_live_… TF_PROVIDER_ID=<business id> node examples/api-client.mjs [status]
const { TF_URL = 'http://localhost:3000', TF_TOKEN, TF_PROVIDER_ID } = process.env;
const call = async (method, path, body) => {
  const res = await fetch(`${TF_URL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TF_TOKEN}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error}`);
  return json;
};
for (const b of await call('GET', '/bookings'))
  console.log(JSON.stringify({ booking: b.id, status: b.status, service: b.serviceType }));
const provider = await call('PUT', `/providers/${TF_PROVIDER_ID}/status`, {
  status: process.argv[2] ?? 'available',
});
console.log(JSON.stringify({ provider: provider.id, status: provider.status }));
