/**
 * A valid application for tests (unit, integration and end-to-end), so every
 * suite starts from the same realistic data and changes only what it tests.
 * Never imported by the site or the server.
 */
import type { Application } from './application.ts'

export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return {
    companyName: 'Huerta Viva S.A.S.',
    tradeName: 'Huerta Viva',
    website: 'https://huertaviva.example',
    city: 'Medellín',
    foundingYear: '2021',
    founderName: 'María José Ñáñez',
    position: 'CEO y cofundadora',
    email: 'maria@huertaviva.example',
    phone: '+57 300 123 4567',
    problemSolution: 'Los pequeños agricultores venden tarde y barato; conectamos sus cosechas con restaurantes en 24 horas.',
    valueProposition: 'Producto fresco, trazable y a precio justo, con entrega al día siguiente.',
    productStage: 'live',
    activeUsers: '320',
    salesChannels: 'Venta directa a restaurantes, app móvil y alianzas con plazas de mercado.',
    revenue: '185000',
    mediaExpectations: 'Llegar a restaurantes de Bogotá y Cali y dar confianza a nuevos agricultores.',
    foundersInfo: '',
    currentInvestors: '',
    equityPercentage: '8',
    legalRestrictions: 'no',
    supportNeeded: 'Narrativa de marca y estrategia de canales para la expansión nacional.',
    ...overrides,
  }
}
