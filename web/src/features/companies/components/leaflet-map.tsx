import 'leaflet/dist/leaflet.css';

import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useEffectEvent, useRef } from 'react';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

// Leaflet finds its default marker images through its stylesheet's path, which a bundle rewrites
const icon = L.icon({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow, iconSize: [25, 41], iconAnchor: [12, 41], shadowSize: [41, 41] });

type Props = {
  lat: number;
  lon: number;
  zoom: number;
  /** The marker image's text alternative. */
  markerLabel: string;
  /** The zoom buttons' names. */
  zoomInLabel: string;
  zoomOutLabel: string;
  /** Called when the map cannot show anything: not one of its tiles loaded. */
  onFailure: () => void;
};

/** A Leaflet map with OpenStreetMap tiles and one marker (the lazily loaded half of AddressMap). */
export default function LeafletMap({ lat, lon, zoom, markerLabel, zoomInLabel, zoomOutLabel, onFailure }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const fail = useEffectEvent(onFailure);

  useEffect(() => {
    if (!container.current) return;
    // a page scrolled with the wheel or one finger must not get stuck in the map
    const map = L.map(container.current, { center: [lat, lon], zoom, zoomControl: false, scrollWheelZoom: false, dragging: !L.Browser.mobile });
    L.control.zoom({ zoomInTitle: zoomInLabel, zoomOutTitle: zoomOutLabel }).addTo(map);
    let loaded = 0;
    let failed = 0;
    L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION })
      .on('tileload', () => (loaded += 1))
      .on('tileerror', () => (failed += 1))
      // 'load' comes once every tile in view has settled, failed ones included
      .on('load', () => {
        if (loaded === 0 && failed > 0) fail();
      })
      .addTo(map);
    L.marker([lat, lon], { icon, alt: markerLabel, interactive: false, keyboard: false }).addTo(map);
    return () => {
      map.remove();
    };
  }, [lat, lon, zoom, markerLabel, zoomInLabel, zoomOutLabel]);

  return <div ref={container} style={{ height: '100%', width: '100%' }} />;
}
