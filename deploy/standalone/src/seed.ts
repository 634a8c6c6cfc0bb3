import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { usToday } from '@garage/contracts';
import type { Logger } from '@garage/service-kit';

export interface DemoAccount {
  email: string;
  password: string;
}

const DEMO: DemoAccount = { email: 'demo@garage.example', password: 'garage-demo' };

interface DemoItem {
  title: string;
  category: string;
  price: number;
  originalPrice?: number;
  condition: string;
  brand?: string;
  description: string;
  colour: string;
}

interface DemoSale {
  host: number;
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  startInDays: number;
  days: number;
  startTime: string;
  endTime: string;
  items: DemoItem[];
}

const HOSTS = [
  { firstName: 'Dana', lastName: 'Demo', email: DEMO.email, password: DEMO.password, phone: '(555) 123-4567' },
  { firstName: 'Marcus', lastName: 'Lee', email: 'marcus@garage.example', password: 'garage-demo', phone: '(555) 201-7788' },
  { firstName: 'Priya', lastName: 'Shah', email: 'priya@garage.example', password: 'garage-demo', phone: null },
];

const SALES: DemoSale[] = [
  {
    host: 0,
    title: 'Spring Clean-out on Oak Street',
    description: 'Three families, one driveway: furniture, kids’ toys, tools and a lot of books. Coffee on the porch.',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    startInDays: 1,
    days: 2,
    startTime: '08:00',
    endTime: '14:00',
    items: [
      {
        title: 'Solid oak dining table',
        category: 'Furniture',
        price: 120,
        originalPrice: 450,
        condition: 'good',
        brand: 'Amish Heritage',
        description: 'Seats six, one leaf, a few scratches on top.',
        colour: '#8d5b2e',
      },
      {
        title: 'Table lamp with linen shade',
        category: 'Home & Garden',
        price: 15,
        condition: 'like_new',
        description: 'Brass base, warm light, works perfectly.',
        colour: '#d9b44a',
      },
      {
        title: 'Box of paperback mysteries',
        category: 'Books',
        price: 10,
        condition: 'good',
        description: 'About 40 paperbacks: Christie, Sayers, Chandler.',
        colour: '#6b4f9e',
      },
    ],
  },
  {
    host: 1,
    title: 'Moving Sale — Everything Must Go',
    description: 'Moving across the country: electronics, bikes, kitchen things and camping gear.',
    address: '2101 S Lamar Blvd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    startInDays: 0,
    days: 3,
    startTime: '07:00',
    endTime: '15:00',
    items: [
      {
        title: 'Road bike, 56 cm frame',
        category: 'Sports',
        price: 240,
        originalPrice: 900,
        condition: 'good',
        brand: 'Trek',
        description: 'Aluminium frame, new tyres last spring.',
        colour: '#c0392b',
      },
      {
        title: '4K television, 55 inch',
        category: 'Electronics',
        price: 180,
        originalPrice: 500,
        condition: 'like_new',
        brand: 'Sony',
        description: 'With remote and wall mount.',
        colour: '#2c3e50',
      },
      {
        title: 'Two-person tent',
        category: 'Sports',
        price: 35,
        condition: 'fair',
        brand: 'REI',
        description: 'Used a dozen times; one pole repaired.',
        colour: '#27ae60',
      },
      {
        title: 'Cast iron skillet set',
        category: 'Home & Garden',
        price: 30,
        condition: 'good',
        brand: 'Lodge',
        description: '8, 10 and 12 inch, seasoned.',
        colour: '#34495e',
      },
    ],
  },
  {
    host: 2,
    title: 'Vintage & Collectibles Yard Sale',
    description: 'Records, cameras, mid-century decor and a working typewriter.',
    address: '3340 SE Belmont St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97214',
    startInDays: 2,
    days: 1,
    startTime: '09:00',
    endTime: '16:00',
    items: [
      {
        title: 'Vinyl records, jazz collection',
        category: 'Collectibles',
        price: 60,
        condition: 'good',
        description: '25 LPs: Blue Note, Impulse, Verve.',
        colour: '#1a1a2e',
      },
      {
        title: 'Film camera with 50 mm lens',
        category: 'Electronics',
        price: 85,
        originalPrice: 150,
        condition: 'good',
        brand: 'Canon',
        description: 'AE-1 Program, light meter works.',
        colour: '#7f8c8d',
      },
      {
        title: 'Manual typewriter',
        category: 'Collectibles',
        price: 45,
        condition: 'fair',
        brand: 'Smith-Corona',
        description: 'Types cleanly; new ribbon included.',
        colour: '#16a085',
      },
    ],
  },
  {
    host: 1,
    title: 'Kids’ Stuff Swap',
    description: 'Outgrown clothes, toys and games in great shape.',
    address: '2930 Welton St',
    city: 'Denver',
    state: 'CO',
    zipCode: '80205',
    startInDays: 1,
    days: 1,
    startTime: '08:00',
    endTime: '12:00',
    items: [
      {
        title: 'Wooden train set',
        category: 'Toys',
        price: 25,
        condition: 'like_new',
        brand: 'Brio',
        description: '60 pieces with bridge and tunnel.',
        colour: '#e67e22',
      },
      {
        title: 'Winter jackets, sizes 6–8',
        category: 'Clothing',
        price: 12,
        condition: 'good',
        description: 'Three jackets, clean and warm.',
        colour: '#2980b9',
      },
    ],
  },
  {
    host: 2,
    title: 'Garden & Garage Tools',
    description: 'Mower, hand tools, planters and a workbench.',
    address: '410 Fayetteville St',
    city: 'Raleigh',
    state: 'NC',
    zipCode: '27601',
    startInDays: 3,
    days: 2,
    startTime: '08:00',
    endTime: '16:00',
    items: [
      {
        title: 'Push lawn mower',
        category: 'Home & Garden',
        price: 70,
        originalPrice: 220,
        condition: 'fair',
        brand: 'Honda',
        description: 'Starts on the second pull; blade sharpened.',
        colour: '#2ecc71',
      },
      {
        title: 'Socket wrench set',
        category: 'Automotive',
        price: 40,
        condition: 'good',
        brand: 'Craftsman',
        description: 'Metric and SAE, 90 pieces in case.',
        colour: '#95a5a6',
      },
    ],
  },
];

/**
 * Seeds a small demo data set on the first start, through the public API (the same validation,
 * events and image processing as any user's data). A marker file keeps it from running twice.
 */
export async function seedDemoData(baseUrl: string, dataDir: string, logger: Logger): Promise<DemoAccount | null> {
  const marker = path.join(dataDir, 'demo-seeded');
  if (existsSync(marker)) return DEMO;
  try {
    const tokens: string[] = [];
    for (const host of HOSTS) {
      const { token } = (await call(baseUrl, 'POST', '/api/auth/register', host)) as { token: string };
      tokens.push(token);
    }
    const today = usToday(new Date());
    for (const sale of SALES) {
      const token = tokens[sale.host]!;
      const created = (await call(
        baseUrl,
        'POST',
        '/api/sales',
        {
          title: sale.title,
          description: sale.description,
          address: sale.address,
          city: sale.city,
          state: sale.state,
          zipCode: sale.zipCode,
          startDate: addDays(today, sale.startInDays),
          endDate: addDays(today, sale.startInDays + sale.days - 1),
          startTime: sale.startTime,
          endTime: sale.endTime,
        },
        token,
      )) as { id: number };
      for (const item of sale.items) {
        const url = await uploadPhoto(baseUrl, token, item);
        await call(
          baseUrl,
          'POST',
          '/api/items',
          {
            garageSaleId: created.id,
            title: item.title,
            description: item.description,
            category: item.category,
            price: item.price,
            originalPrice: item.originalPrice ?? null,
            condition: item.condition,
            brand: item.brand ?? null,
            imageUrls: [url],
          },
          token,
        );
      }
    }
    writeFileSync(marker, new Date().toISOString());
    return DEMO;
  } catch (error) {
    logger.warn({ err: String(error) }, 'demo data not seeded');
    return null;
  }
}

async function call(baseUrl: string, method: string, url: string, body?: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A simple product card drawn for the demo: the item's colour and its title. */
async function uploadPhoto(baseUrl: string, token: string, item: DemoItem): Promise<string> {
  const title = item.title.replace(/[<&>]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${item.colour}"/>
    <circle cx="400" cy="250" r="140" fill="#ffffff" fill-opacity="0.18"/>
    <text x="400" y="470" font-family="sans-serif" font-size="40" fill="#ffffff" text-anchor="middle">${title}</text>
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), 'demo.jpg');
  const response = await fetch(`${baseUrl}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
