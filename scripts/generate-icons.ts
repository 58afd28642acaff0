/**
 * The web app manifest's icons (issue 11, §2 installable app), drawn from the favicon's heart and
 * committed under client/public/icons: `npx tsx scripts/generate-icons.ts` after changing them.
 * 192 and 512 px "any" icons (rounded square), maskable ones (full bleed, the heart inside the 80 %
 * safe zone), the iOS touch icon, and a monochrome notification badge.
 */
import sharp from "sharp";
const heart = "M16 25s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 24 14c0 6-8 11-8 11z";
// "any": rounded square as the favicon; maskable: full bleed, heart inside the 80 % safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#e83e6c"/><path d="${heart}" fill="#fff"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#e83e6c"/><g transform="translate(16 17) scale(1.1) translate(-16 -17)"><path d="${heart}" fill="#fff"/></g></svg>`;
// Monochrome badge for the status bar (Android draws only its alpha).
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(16 17) scale(1.5) translate(-16 -17)"><path d="${heart}" fill="#000"/></g></svg>`;
const out = "client/public/icons";
const icons: [svg: string, size: number, name: string][] = [
  [any, 192, "icon-192.png"],
  [any, 512, "icon-512.png"],
  [maskable, 512, "maskable-512.png"],
  [maskable, 192, "maskable-192.png"],
  [any, 180, "apple-touch-icon.png"],
  [badge, 96, "badge-96.png"],
];
for (const [svg, size, name] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}/${name}`);
}
