#!/usr/bin/env node
/**
 * A stand-in for the gateway, for looking at the SPA without the backend: serves web/dist (with the
 * SPA fallback) and answers /api/* from memory, following docs/api-contract.md closely enough for
 * screenshots and manual checks. Not a test oracle: the real services are.
 *
 *   npm run build -w @garage/web && node web/scripts/mock-api.mjs   (PORT, default 4173)
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const PORT = Number(process.env.PORT ?? 4173);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

const day = (offset) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toISOString().slice(0, 10);
};

const users = [
  {
    id: 1,
    firstName: 'Demo',
    lastName: 'Host',
    email: 'demo@garage.example',
    phone: '(555) 123-4567',
    isPremium: false,
    premiumExpiresAt: null,
    rating: 4.7,
    ratingCount: 23,
    password: 'demo123',
  },
  {
    id: 2,
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria@garage.example',
    phone: '(555) 987-6543',
    isPremium: true,
    premiumExpiresAt: '2031-01-15T00:00:00Z',
    rating: 4.9,
    ratingCount: 41,
    password: 'demo123',
  },
];
const palette = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2'];
const images = new Map();
function placeholder(label, index) {
  const id = `seed-${images.size + 1}`;
  const color = palette[index % palette.length];
  images.set(id, {
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${color}"/><circle cx="620" cy="140" r="90" fill="#ffffff33"/><text x="50%" y="54%" font-family="sans-serif" font-size="56" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  });
  return `/uploads/${id}`;
}

let nextSaleId = 1;
let nextItemId = 1;
const sales = [];
const items = [];
function addSale(userId, fields) {
  const sale = { id: nextSaleId++, user_id: userId, status: 'active', created_at: new Date().toISOString(), ...fields };
  sales.push(sale);
  return sale;
}
function addItem(userId, saleId, fields) {
  const item = {
    id: nextItemId++,
    user_id: userId,
    garage_sale_id: saleId,
    description: null,
    original_price: null,
    dimensions: null,
    weight: null,
    brand: null,
    is_reserved: false,
    is_sold: false,
    created_at: new Date().toISOString(),
    condition: 'good',
    image_urls: [],
    ...fields,
  };
  items.push(item);
  return item;
}
const s1 = addSale(1, {
  title: 'Maple Street Moving Sale',
  description:
    'Everything must go! Furniture, kitchenware, books, kids toys and a lot of tools from the garage. Early birds welcome after 8.',
  address: '412 Maple St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  start_date: day(2),
  end_date: day(3),
  start_time: '08:00',
  end_time: '16:00',
  latitude: 39.799,
  longitude: -89.644,
});
const s2 = addSale(2, {
  title: 'Vintage Collectors Sale',
  description: 'Records, cameras and mid-century decor.',
  address: '88 Oak Ave',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  start_date: day(4),
  end_date: day(4),
  start_time: '09:00',
  end_time: '14:00',
  latitude: 39.772,
  longitude: -89.68,
});
const s3 = addSale(2, {
  title: 'Church Rummage Sale',
  description: 'Clothing for all ages, books and housewares.',
  address: '5 Chapel Rd',
  city: 'Chatham',
  state: 'IL',
  zip_code: '62629',
  start_date: day(6),
  end_date: day(7),
  start_time: '07:30',
  end_time: '12:00',
  latitude: 39.6761,
  longitude: -89.7046,
});
addItem(1, s1.id, {
  title: 'Oak Dining Table',
  description: 'Solid oak table that seats six. A few scratches on top, very sturdy.',
  category: 'Furniture',
  price: 120,
  original_price: 450,
  condition: 'good',
  brand: 'Ethan Allen',
  dimensions: '72" x 36" x 30"',
  weight: '85 lbs',
  image_urls: [placeholder('Oak Table', 0), placeholder('Table side', 1), placeholder('Table top', 2)],
});
addItem(1, s1.id, {
  title: 'Kids Bicycle',
  description: '20 inch wheels, new tires.',
  category: 'Sports',
  price: 35,
  condition: 'like_new',
  image_urls: [placeholder('Bicycle', 1)],
});
addItem(1, s1.id, {
  title: 'Cookbook Collection',
  description: 'Twelve cookbooks, classics and baking.',
  category: 'Books',
  price: 15,
  condition: 'fair',
  is_reserved: true,
  image_urls: [placeholder('Cookbooks', 2)],
});
addItem(1, null, {
  title: 'Desk Lamp',
  description: 'Brass desk lamp, works great.',
  category: 'Home & Garden',
  price: 12,
  condition: 'good',
  image_urls: [placeholder('Desk Lamp', 3)],
});
addItem(1, s1.id, {
  title: 'Power Drill',
  description: 'Cordless with two batteries.',
  category: 'Automotive',
  price: 40,
  original_price: 129,
  condition: 'good',
  is_sold: true,
  brand: 'DeWalt',
  image_urls: [placeholder('Drill', 4)],
});
addItem(2, s2.id, {
  title: 'Vinyl Records (50)',
  description: 'Jazz and rock from the 60s and 70s.',
  category: 'Collectibles',
  price: 80,
  condition: 'good',
  image_urls: [placeholder('Records', 5)],
});
addItem(2, s2.id, {
  title: 'Film Camera',
  description: '35mm SLR with a 50mm lens.',
  category: 'Electronics',
  price: 95,
  original_price: 300,
  condition: 'like_new',
  brand: 'Canon',
  image_urls: [placeholder('Camera', 0)],
});
addItem(2, s3.id, {
  title: 'Winter Coat',
  description: 'Warm wool coat, size M.',
  category: 'Clothing',
  price: 25,
  condition: 'like_new',
  image_urls: [placeholder('Coat', 3)],
});

const tokens = new Map([
  ['demo-token-1', 1],
  ['demo-token-2', 2],
]);
const intents = new Map();

const publicUser = ({ password: _p, ...user }) => user;
function viewerOf(req) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return { user: null, invalid: false };
  const userId = tokens.get(header.slice(7));
  return userId ? { user: users.find((u) => u.id === userId), invalid: false } : { user: null, invalid: true };
}
function saleView(sale, viewer) {
  const host = users.find((u) => u.id === sale.user_id);
  const view = {
    ...sale,
    item_count: items.filter((i) => i.garage_sale_id === sale.id).length,
    first_name: host.firstName,
    last_name: host.lastName,
    phone: host.phone,
    rating: host.rating,
  };
  if (!viewer) Object.assign(view, { address: null, zip_code: null, phone: null, first_name: null, last_name: null, rating: null });
  return view;
}
function itemView(item, viewer) {
  const sale = sales.find((s) => s.id === item.garage_sale_id) ?? null;
  const nested = sale ? saleView(sale, viewer) : null;
  if (nested) delete nested.item_count;
  return { ...item, sale_title: sale?.title ?? null, sale: nested };
}
const distance = (a, b) => {
  const rad = (deg) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3959 * Math.asin(Math.sqrt(h));
};

function send(res, status, body, headers = {}) {
  if (status === 204) {
    res.writeHead(204, headers);
    return res.end();
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : {};
}
async function readRaw(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function api(req, res, url) {
  const { user: viewer, invalid } = viewerOf(req);
  if (invalid) return send(res, 401, { error: 'Invalid or expired token' });
  const path = url.pathname;
  const q = url.searchParams;
  const needUser = () => {
    if (!viewer) {
      send(res, 401, { error: 'Authentication required' });
      return false;
    }
    return true;
  };
  let match;

  if (req.method === 'GET' && path === '/api/health') return send(res, 200, { status: 'ok' });
  if (req.method === 'POST' && path === '/api/auth/login') {
    const body = await readJson(req);
    const user = users.find((u) => u.email.toLowerCase() === String(body.email).toLowerCase() && u.password === body.password);
    if (!user) return send(res, 401, { error: 'Invalid email or password' });
    const token = `demo-token-${user.id}`;
    tokens.set(token, user.id);
    return send(res, 200, { token, user: publicUser(user) });
  }
  if (req.method === 'POST' && path === '/api/auth/register') {
    const body = await readJson(req);
    if (users.some((u) => u.email.toLowerCase() === String(body.email).toLowerCase()))
      return send(res, 409, { error: 'Email already registered' });
    const user = {
      id: users.length + 1,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone ?? null,
      isPremium: false,
      premiumExpiresAt: null,
      rating: 0,
      ratingCount: 0,
      password: body.password,
    };
    users.push(user);
    const token = `demo-token-${user.id}`;
    tokens.set(token, user.id);
    return send(res, 201, { token, user: publicUser(user) });
  }
  if (path === '/api/users/me') {
    if (!needUser()) return;
    if (req.method === 'PUT') {
      const body = await readJson(req);
      Object.assign(viewer, { firstName: body.firstName, lastName: body.lastName, phone: body.phone ?? null });
    }
    return send(res, 200, publicUser(viewer));
  }

  if (req.method === 'GET' && path === '/api/sales') {
    const here = q.has('latitude') ? { latitude: Number(q.get('latitude')), longitude: Number(q.get('longitude')) } : null;
    const radius = Math.min(Number(q.get('radius') ?? 25), viewer?.isPremium ? 100 : 50);
    let list = sales.filter((s) => s.status === 'active' && s.end_date >= day(0));
    if (q.get('startDate')) list = list.filter((s) => s.end_date >= q.get('startDate'));
    if (q.get('endDate')) list = list.filter((s) => s.start_date <= q.get('endDate'));
    let views = list.map((s) => saleView(s, viewer));
    if (here) {
      views = views.map((s) => ({ ...s, distance: Math.round(distance(here, s) * 10) / 10 })).filter((s) => s.distance <= radius);
      views.sort((a, b) => a.distance - b.distance);
    }
    return send(res, 200, views);
  }
  if (req.method === 'GET' && path === '/api/sales/my-sales') {
    if (!needUser()) return;
    return send(
      res,
      200,
      sales.filter((s) => s.user_id === viewer.id).map((s) => saleView(s, viewer)),
    );
  }
  if (req.method === 'POST' && path === '/api/sales/assign-items') {
    if (!needUser()) return;
    const body = await readJson(req);
    for (const id of body.itemIds) {
      const item = items.find((i) => i.id === id && i.user_id === viewer.id);
      if (item) item.garage_sale_id = body.saleId;
    }
    return send(res, 200, { assigned: body.itemIds.length });
  }
  if (req.method === 'POST' && path === '/api/sales') {
    if (!needUser()) return;
    const body = await readJson(req);
    if (!/^\d{5}$/.test(body.zipCode ?? ''))
      return send(res, 400, { error: 'Validation failed', details: [{ field: 'zipCode', message: 'ZIP must be 5 digits' }] });
    const sale = addSale(viewer.id, {
      title: body.title,
      description: body.description,
      address: body.address,
      city: body.city,
      state: body.state,
      zip_code: body.zipCode,
      start_date: body.startDate,
      end_date: body.endDate,
      start_time: body.startTime,
      end_time: body.endTime,
      latitude: 39.78 + Math.random() / 20,
      longitude: -89.65 + Math.random() / 20,
    });
    return send(res, 201, saleView(sale, viewer));
  }
  if ((match = /^\/api\/sales\/(\d+)$/.exec(path))) {
    const sale = sales.find((s) => s.id === Number(match[1]));
    if (!sale) return send(res, 404, { error: 'Sale not found' });
    if (req.method === 'GET') {
      return send(res, 200, {
        ...saleView(sale, viewer),
        items: items.filter((i) => i.garage_sale_id === sale.id).map((i) => itemView(i, viewer)),
      });
    }
    if (!needUser()) return;
    if (sale.user_id !== viewer.id) return send(res, 403, { error: 'Not your sale' });
    if (req.method === 'DELETE') {
      sales.splice(sales.indexOf(sale), 1);
      items.filter((i) => i.garage_sale_id === sale.id).forEach((i) => (i.garage_sale_id = null));
      return send(res, 204);
    }
    if (req.method === 'PUT') {
      const body = await readJson(req);
      Object.assign(sale, {
        title: body.title,
        description: body.description,
        address: body.address,
        city: body.city,
        state: body.state,
        zip_code: body.zipCode,
        start_date: body.startDate,
        end_date: body.endDate,
        start_time: body.startTime,
        end_time: body.endTime,
        status: body.status ?? sale.status,
      });
      return send(res, 200, saleView(sale, viewer));
    }
  }

  if (req.method === 'GET' && path === '/api/items/search') {
    const words = (q.get('q') ?? '')
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w.replace(/s$/, ''));
    if (words.length === 0) return send(res, 200, []);
    const results = items
      .filter((i) => !i.is_sold && i.garage_sale_id !== null)
      .filter((i) => words.every((w) => `${i.title} ${i.description ?? ''} ${i.category} ${i.brand ?? ''}`.toLowerCase().includes(w)))
      .filter((i) => !q.get('category') || i.category === q.get('category'))
      .filter((i) => !q.get('condition') || i.condition === q.get('condition'))
      .filter((i) => !q.get('maxPrice') || i.price <= Number(q.get('maxPrice')))
      .map((i) => {
        const view = itemView(i, viewer);
        return {
          ...view,
          city: view.sale.city,
          state: view.sale.state,
          start_date: view.sale.start_date,
          first_name: view.sale.first_name,
          last_name: view.sale.last_name,
        };
      });
    return send(res, 200, results);
  }
  if (req.method === 'GET' && path === '/api/items/my-items') {
    if (!needUser()) return;
    return send(
      res,
      200,
      items.filter((i) => i.user_id === viewer.id).map((i) => itemView(i, viewer)),
    );
  }
  if (req.method === 'POST' && path === '/api/items/availability') {
    if (!needUser()) return;
    const body = await readJson(req);
    const list = items
      .filter((i) => i.user_id === viewer.id && !i.is_sold)
      .map((i) => {
        const other = sales.find(
          (s) =>
            s.id === i.garage_sale_id &&
            s.id !== body.currentSaleId &&
            s.status === 'active' &&
            s.start_date <= body.endDate &&
            s.end_date >= body.startDate,
        );
        return {
          ...itemView(i, viewer),
          is_available: !other,
          conflict_reason: other ? `Already in "${other.title}" (${other.start_date} to ${other.end_date}) at ${other.address}` : null,
        };
      });
    return send(res, 200, list);
  }
  if (req.method === 'POST' && path === '/api/items') {
    if (!needUser()) return;
    const body = await readJson(req);
    const item = addItem(viewer.id, body.garageSaleId, {
      title: body.title,
      description: body.description,
      category: body.category,
      price: body.price,
      original_price: body.originalPrice,
      condition: body.condition,
      dimensions: body.dimensions,
      weight: body.weight,
      brand: body.brand,
      image_urls: body.imageUrls ?? [],
    });
    return send(res, 201, itemView(item, viewer));
  }
  if ((match = /^\/api\/items\/(\d+)\/reserve$/.exec(path)) && req.method === 'POST') {
    if (!needUser()) return;
    if (!viewer.isPremium) return send(res, 403, { error: 'Premium membership required' });
    const item = items.find((i) => i.id === Number(match[1]));
    if (!item) return send(res, 404, { error: 'Item not found' });
    if (item.is_reserved || item.is_sold || item.user_id === viewer.id) return send(res, 409, { error: 'Item is not available' });
    item.is_reserved = true;
    return send(res, 200, itemView(item, viewer));
  }
  if ((match = /^\/api\/items\/(\d+)$/.exec(path))) {
    const item = items.find((i) => i.id === Number(match[1]));
    if (req.method === 'GET') return item ? send(res, 200, itemView(item, viewer)) : send(res, 404, { error: 'Item not found' });
    if (!needUser()) return;
    if (!item || item.user_id !== viewer.id) return send(res, 404, { error: 'Item not found or unauthorized' });
    if (req.method === 'DELETE') {
      items.splice(items.indexOf(item), 1);
      return send(res, 204);
    }
    if (req.method === 'PUT') {
      const body = await readJson(req);
      Object.assign(item, {
        garage_sale_id: body.garageSaleId,
        title: body.title,
        description: body.description,
        category: body.category,
        price: body.price,
        original_price: body.originalPrice,
        condition: body.condition,
        dimensions: body.dimensions,
        weight: body.weight,
        brand: body.brand,
        image_urls: body.imageUrls ?? [],
        is_reserved: Boolean(body.isReserved),
        is_sold: Boolean(body.isSold),
      });
      return send(res, 200, itemView(item, viewer));
    }
  }
  if (req.method === 'POST' && path === '/api/upload/image') {
    if (!needUser()) return;
    const raw = await readRaw(req);
    if (raw.length > 2_097_152 + 4096) return send(res, 413, { error: 'Image is larger than 2 MB' });
    const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
    const text = raw.toString('latin1');
    const start = text.indexOf('\r\n\r\n') + 4;
    const end = text.lastIndexOf(`\r\n--${boundary}`);
    const type = /Content-Type: (\S+)/i.exec(text)?.[1] ?? 'application/octet-stream';
    if (!type.startsWith('image/')) return send(res, 415, { error: 'Only JPEG, PNG, GIF or WebP images are accepted' });
    const id = `up-${images.size + 1}`;
    images.set(id, { type, body: Buffer.from(text.slice(start, end), 'latin1') });
    return send(res, 201, { url: `/uploads/${id}` });
  }
  if (req.method === 'GET' && path === '/api/payments/config')
    return send(res, 200, { provider: 'simulated', publishableKey: null, priceCents: 199, currency: 'usd' });
  if (req.method === 'POST' && path === '/api/payments/subscribe') {
    if (!needUser()) return;
    const id = `pi_sim_${intents.size + 1}`;
    intents.set(id, viewer.id);
    return send(res, 200, { paymentIntentId: id, clientSecret: `${id}_secret` });
  }
  if (req.method === 'POST' && path === '/api/payments/confirm-subscription') {
    if (!needUser()) return;
    const body = await readJson(req);
    if (intents.get(body.paymentIntentId) !== viewer.id) return send(res, 404, { error: 'Payment not found' });
    const expires = new Date();
    expires.setFullYear(expires.getFullYear() + 1);
    Object.assign(viewer, { isPremium: true, premiumExpiresAt: expires.toISOString() });
    return send(res, 200, { success: true, premiumExpiresAt: viewer.premiumExpiresAt });
  }
  return send(res, 404, { error: 'Not found' });
}

createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  try {
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    if (url.pathname.startsWith('/uploads/')) {
      const image = images.get(url.pathname.slice('/uploads/'.length));
      if (!image) return send(res, 404, { error: 'Not found' });
      res.writeHead(200, { 'Content-Type': image.type });
      return res.end(image.body);
    }
    const file = normalize(join(DIST, url.pathname));
    const inside = file.startsWith(DIST) && extname(file);
    const body = await readFile(inside ? file : join(DIST, 'index.html')).catch(() => readFile(join(DIST, 'index.html')));
    res.writeHead(200, { 'Content-Type': TYPES[extname(inside ? file : 'x.html')] ?? 'application/octet-stream' });
    res.end(body);
  } catch (error) {
    console.error(error);
    send(res, 500, { error: 'Mock server error' });
  }
}).listen(PORT, () => console.log(`Garage mock API + SPA on http://localhost:${PORT} (demo@garage.example / demo123)`));
