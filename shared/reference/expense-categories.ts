// Folio's own stable Hungarian expense categories (the interface never published one). Ids are numeric strings.
export const EXPENSE_CATEGORIES_HU: ReadonlyArray<{ id: string; name: string }> = [
  { id: '1', name: 'Anyagköltség' },
  { id: '2', name: 'Árubeszerzés' },
  { id: '3', name: 'Bérleti díj' },
  { id: '4', name: 'Közüzemi díjak' },
  { id: '5', name: 'Telefon és internet' },
  { id: '6', name: 'Üzemanyag és járműköltség' },
  { id: '7', name: 'Utazás és szállás' },
  { id: '8', name: 'Irodaszer és nyomtatvány' },
  { id: '9', name: 'Szoftver és előfizetések' },
  { id: '10', name: 'Könyvelés és jogi szolgáltatás' },
  { id: '11', name: 'Marketing és reklám' },
  { id: '12', name: 'Bankköltség' },
  { id: '13', name: 'Biztosítás' },
  { id: '14', name: 'Adók, illetékek és járulékok' },
  { id: '15', name: 'Oktatás és képzés' },
  { id: '16', name: 'Egyéb költség' },
];
