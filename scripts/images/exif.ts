/**
 * Metadata a phone writes into a JPEG, built byte by byte for tests and demo uploads: an Exif block
 * (camera, time, orientation, GPS position in its own IFD), an XMP packet with the same position
 * and a comment. The server must store none of it but the orientation.
 */
const TIFF_HEADER_BYTES = 8;
const IFD_COUNT_BYTES = 2;
const IFD_ENTRY_BYTES = 12;
const IFD_NEXT_BYTES = 4;
const INLINE_BYTES = 4;
const TYPE_ASCII = 2;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
const TYPE_RATIONAL = 5;
const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;
const TAG_ORIENTATION = 0x0112;
const TAG_DATE_TIME = 0x0132;
const TAG_GPS_IFD = 0x8825;
const GPS_LATITUDE_REF = 0x0001;
const GPS_LATITUDE = 0x0002;
const GPS_LONGITUDE_REF = 0x0003;
const GPS_LONGITUDE = 0x0004;
const MINUTES_PER_DEGREE = 60;
/** Seconds are stored as hundredths. */
const SECONDS_DENOMINATOR = 100;

interface Entry {
  tag: number;
  type: number;
  count: number;
  data: Uint8Array;
}

const little = (bytes: number, write: (view: DataView) => void) => {
  const out = new Uint8Array(bytes);
  write(new DataView(out.buffer));
  return out;
};
const asciiEntry = (tag: number, text: string): Entry => {
  const data = new TextEncoder().encode(`${text}\0`);
  return { tag, type: TYPE_ASCII, count: data.length, data };
};
const shortEntry = (tag: number, value: number): Entry => ({ tag, type: TYPE_SHORT, count: 1, data: little(2, (v) => v.setUint16(0, value, true)) });
const longEntry = (tag: number, value: number): Entry => ({ tag, type: TYPE_LONG, count: 1, data: little(4, (v) => v.setUint32(0, value, true)) });
const rationalsEntry = (tag: number, values: Array<[number, number]>): Entry => ({
  tag,
  type: TYPE_RATIONAL,
  count: values.length,
  data: little(values.length * 8, (v) => values.forEach(([n, d], i) => (v.setUint32(i * 8, n, true), v.setUint32(i * 8 + 4, d, true)))),
});

/** Degrees as the three rationals Exif wants: degrees, minutes, seconds (hundredths). */
function degreesMinutesSeconds(value: number): Array<[number, number]> {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * MINUTES_PER_DEGREE);
  const seconds = Math.round(((abs - degrees) * MINUTES_PER_DEGREE - minutes) * MINUTES_PER_DEGREE * SECONDS_DENOMINATOR);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, SECONDS_DENOMINATOR],
  ];
}

/** One IFD at `offset` in the TIFF data: entries sorted by tag, long values after the entry table. */
function writeIfd(entries: Entry[], offset: number): Uint8Array {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const tableBytes = IFD_COUNT_BYTES + sorted.length * IFD_ENTRY_BYTES + IFD_NEXT_BYTES;
  const extra = sorted.filter((e) => e.data.length > INLINE_BYTES).reduce((sum, e) => sum + e.data.length, 0);
  const out = new Uint8Array(tableBytes + extra);
  const view = new DataView(out.buffer);
  view.setUint16(0, sorted.length, true);
  let dataAt = tableBytes;
  sorted.forEach((entry, index) => {
    const at = IFD_COUNT_BYTES + index * IFD_ENTRY_BYTES;
    view.setUint16(at, entry.tag, true);
    view.setUint16(at + 2, entry.type, true);
    view.setUint32(at + 4, entry.count, true);
    if (entry.data.length <= INLINE_BYTES) out.set(entry.data, at + 8);
    else {
      view.setUint32(at + 8, offset + dataAt, true);
      out.set(entry.data, dataAt);
      dataAt += entry.data.length;
    }
  });
  return out;
}

/** A framed JPEG segment (marker, length, payload). */
export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return Uint8Array.from([0xff, marker, length >> 8, length & 0xff, ...payload]);
}

export interface PhoneMetadata {
  latitude: number;
  longitude: number;
  /** Exif orientation 1-8; left out when undefined. */
  orientation?: number;
  make?: string;
  model?: string;
  /** 'YYYY:MM:DD HH:MM:SS' */
  dateTime?: string;
}

/** An Exif APP1 segment with camera details, the time, the orientation and a GPS IFD. */
export function exifWithGps(meta: PhoneMetadata): Uint8Array {
  const gps = [
    asciiEntry(GPS_LATITUDE_REF, meta.latitude >= 0 ? "N" : "S"),
    rationalsEntry(GPS_LATITUDE, degreesMinutesSeconds(meta.latitude)),
    asciiEntry(GPS_LONGITUDE_REF, meta.longitude >= 0 ? "E" : "W"),
    rationalsEntry(GPS_LONGITUDE, degreesMinutesSeconds(meta.longitude)),
  ];
  const ifd0Entries = [
    asciiEntry(TAG_MAKE, meta.make ?? "BabySteps Test Camera"),
    asciiEntry(TAG_MODEL, meta.model ?? "Model 1"),
    asciiEntry(TAG_DATE_TIME, meta.dateTime ?? "2026:01:15 10:30:00"),
    ...(meta.orientation === undefined ? [] : [shortEntry(TAG_ORIENTATION, meta.orientation)]),
  ];
  // IFD0's size does not depend on the GPS pointer's value, so lay it out once to learn where the GPS IFD goes.
  const ifd0Size = writeIfd([...ifd0Entries, longEntry(TAG_GPS_IFD, 0)], TIFF_HEADER_BYTES).length;
  const gpsOffset = TIFF_HEADER_BYTES + ifd0Size;
  const ifd0 = writeIfd([...ifd0Entries, longEntry(TAG_GPS_IFD, gpsOffset)], TIFF_HEADER_BYTES);
  const gpsIfd = writeIfd(gps, gpsOffset);
  const header = Uint8Array.from([0x49, 0x49, 42, 0, TIFF_HEADER_BYTES, 0, 0, 0]);
  const exifId = new TextEncoder().encode("Exif\0\0");
  return jpegSegment(0xe1, Uint8Array.from([...exifId, ...header, ...ifd0, ...gpsIfd]));
}

/** An XMP packet (also APP1) carrying the same position, as photo apps write it. */
export function xmpWithGps(meta: Pick<PhoneMetadata, "latitude" | "longitude">): Uint8Array {
  const packet = `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="${meta.latitude}" exif:GPSLongitude="${meta.longitude}"/></rdf:RDF></x:xmpmeta>`;
  return jpegSegment(0xe1, new TextEncoder().encode(packet));
}

export const jpegComment = (text: string) => jpegSegment(0xfe, new TextEncoder().encode(text));
